import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** The page's h1 and an optional line under it, `gap` apart. */
export function PageTitle({ title, description, gap }: { title: string; description?: string; gap: number }) {
  return (
    <Stack gap={gap}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** The screen's title (the page's h1), an optional line under it and its main actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
      <PageTitle title={title} description={description} gap={2} />
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

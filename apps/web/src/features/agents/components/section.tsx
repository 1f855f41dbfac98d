import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** A titled block of a screen (a labelled region). */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Paper>
  );
}

/** One labelled value of a detail screen; an empty value shows a dash. */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </Stack>
  );
}

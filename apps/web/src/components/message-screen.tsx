import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A full-width message (not found, forbidden, failure) with one way onwards. */
export function MessageScreen({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: { label: string; to: string } | { label: string; onClick: () => void };
}) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {'to' in action ? (
          <Button component={Link} to={action.to}>
            {action.label}
          </Button>
        ) : (
          <Button onClick={action.onClick}>{action.label}</Button>
        )}
      </Stack>
    </Center>
  );
}

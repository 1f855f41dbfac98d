import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/** One card of the page with its heading. */
export function Section({ title, icon, children, labelledBy }: { title: string; icon?: ReactNode; children: ReactNode; labelledBy: string }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby={labelledBy}>
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap">
          {icon}
          <Title order={2} size="h4" id={labelledBy}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

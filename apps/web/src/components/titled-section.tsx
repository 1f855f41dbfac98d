import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A bordered block of a screen, a region named by its own heading (`id` is the heading's). */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

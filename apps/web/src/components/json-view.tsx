import { Code, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * A JSON value pretty printed, under a small caption. A long value scrolls in its box, which the
 * keyboard can reach (a region named by the caption: Tab, then the arrow keys scroll it).
 */
export function JsonView({ label, value, emptyText }: { label: string; value: unknown; emptyText: string }) {
  const captionId = useId();
  const empty = value === null || value === undefined;
  return (
    <Stack gap={4}>
      <Text id={captionId} size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Code
          block
          fz="xs"
          mah={320}
          role="region"
          aria-labelledby={captionId}
          tabIndex={0}
          className="mantine-focus-auto"
          style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

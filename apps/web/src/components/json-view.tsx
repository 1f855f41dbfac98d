import { Code, Stack, Text } from '@mantine/core';

/** A JSON value pretty printed, under a small caption. */
export function JsonView({ label, value, emptyText }: { label: string; value: unknown; emptyText: string }) {
  const empty = value === null || value === undefined;
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Code block fz="xs" mah={320} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one row a table shows when it has nothing to list. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md" size="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

interface ListTableProps extends Omit<TableProps, 'children'> {
  /** Below this width the table scrolls sideways instead of squeezing its columns (without it, it never scrolls). */
  minWidth?: number;
  /** A height past which the table scrolls down inside its box. */
  maxHeight?: number;
  /** The header row's cells (`Table.Th`). */
  head: ReactNode;
  headStyle?: CSSProperties;
  /** The body's rows (`Table.Tr`). */
  children: ReactNode;
}

/** A list's table: one header row over the rows, scrolling sideways on a narrow screen when given a minWidth. The rest of its props go to Mantine's Table. */
export function ListTable({ minWidth, maxHeight, head, headStyle, children, ...table }: ListTableProps) {
  const list = (
    <Table {...table}>
      <Table.Thead style={headStyle}>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return list;
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={maxHeight}>
      {list}
    </Table.ScrollContainer>
  );
}

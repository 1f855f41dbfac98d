import type { ReactNode } from 'react';
import { Button, LoadingOverlay, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

export interface MasterDataColumn {
  label: string;
  align?: 'right';
  width?: number;
}

/**
 * A master data list screen: the heading with its add button, and the table of records. The
 * caller gives the columns and the rows; `empty` is shown in place of rows once loaded with none,
 * `footer` under the table.
 */
export function MasterDataList(props: {
  title: string;
  description: string;
  addLabel: string;
  /** Absent: no add button (a reader who may not add). */
  onAdd?: (() => void) | undefined;
  loading: boolean;
  /** Another page's rows loading, the page before shown meanwhile (the query's isPlaceholderData). */
  pending?: boolean;
  tableLabel: string;
  minWidth: number;
  columns: readonly MasterDataColumn[];
  empty: string | null;
  children: ReactNode;
  /** Under the table: the pagination of a paged list. */
  footer?: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          props.onAdd && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={props.onAdd}>
              {props.addLabel}
            </Button>
          )
        }
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={props.loading} />
        <PendingFrame pending={props.pending ?? false}>
          <Table.ScrollContainer minWidth={props.minWidth}>
            <Table aria-label={props.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((c) => (
                    <Table.Th key={c.label} ta={c.align} w={c.width}>
                      {c.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.empty !== null && <TableEmptyRow colSpan={props.columns.length}>{props.empty}</TableEmptyRow>}
                {props.children}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {props.footer}
        </PendingFrame>
      </Paper>
    </>
  );
}

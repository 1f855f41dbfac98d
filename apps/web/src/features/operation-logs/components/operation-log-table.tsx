import { Fragment, useState } from 'react';
import { Badge, Button, Collapse, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperationLogRow } from '@sagano/domain/audit/operation-log-schemas';
import { JsonView } from '../../../components/json-view.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { categoryLabel, operationLabel } from './category-label.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

/** Time, content and the expandable extra information (request and response) of each log row. */
export function OperationLogTable({ rows, onOpen }: { rows: OperationLogRow[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation(['operationLogs', 'common']);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('listLabel')} striped={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.content')}</Table.Th>
            <Table.Th w={240}>{t('columns.extra')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <TableEmptyRow colSpan={3}>{t('empty')}</TableEmptyRow>}
          {rows.map((row) => {
            const open = expanded.has(row.id);
            const extraId = `operation-log-extra-${row.id}`;
            return (
              <Fragment key={row.id}>
                <Table.Tr data-testid={`operation-log-row-${row.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatDateTime(row.created_at)}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" fw={600}>
                          {operationLabel(row.operation, t)}
                        </Text>
                        <Badge size="xs" variant="light" color="gray">
                          {categoryLabel(row.category, t)}
                        </Badge>
                        {row.is_error && (
                          <Badge size="xs" color="red">
                            {t('error')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('operator')}: {row.operator}
                        {row.booking_id && ` · ${t('bookingId')}: ${row.booking_id}`}
                        {` · ${t('statusCode')}: ${row.status_code}`}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-expanded={open}
                        aria-controls={extraId}
                        leftSection={open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                        onClick={() => toggle(row.id)}
                      >
                        {open ? t('hideExtra') : t('showExtra')}
                      </Button>
                      <Button size="compact-xs" variant="light" onClick={() => onOpen(row.id)}>
                        {t('openDetail')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr id={extraId} hidden={!open} style={open ? undefined : { display: 'none' }}>
                  <Table.Td colSpan={3} p={0}>
                    <Collapse expanded={open}>
                      <SimpleGrid cols={{ base: 1, md: 2 }} p="sm" spacing="sm">
                        <JsonView label={t('request')} value={row.request_json} emptyText={t('noData')} />
                        <JsonView label={t('response')} value={row.response_json} emptyText={t('noData')} />
                      </SimpleGrid>
                    </Collapse>
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

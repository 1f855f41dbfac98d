import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkLineRow, BulkReservationResponse, BulkStatus } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { saveLink } from '../../../lib/save-file.ts';
import { isRunning, resultCsvUrl } from '../api/get-bulk-reservation.ts';

const STATUS_COLOR: Record<BulkStatus, string> = { INVALID: 'red', PENDING: 'gray', RUNNING: 'blue', DONE: 'teal', FAILED: 'red' };
const RESULT_COLOR: Record<BulkLineRow['result'], string> = { PENDING: 'gray', DONE: 'teal', REFUSED: 'red', SKIPPED: 'yellow' };

export function BulkStatusBadge({ status }: { status: BulkStatus }) {
  const { t } = useTranslation('bulkOperations');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="bulk-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A line's reason in words (the error code's translated message), never the server's developer text. */
function Reason({ run, line }: { run: BulkReservationResponse; line: BulkLineRow }) {
  const { t, i18n } = useTranslation(['bulkOperations', 'errors']);
  // A code without a message of its own reads as the general server error, never as the code.
  const code = (line.error_code && i18n.exists(line.error_code, { ns: 'errors' }) ? line.error_code : 'INTERNAL_ERROR') as 'INTERNAL_ERROR';
  if (line.result === 'SKIPPED') return <Text size="sm">{t(`bulkOperations:skippedReason.${run.kind}`)}</Text>;
  if (line.result === 'REFUSED') return <Text size="sm">{t(code, { ns: 'errors' })}</Text>;
  if (line.result === 'DONE' && line.reason) return <Text size="sm">{t('bulkOperations:doneWarning')}</Text>;
  return null;
}

/** The run's progress bar (live while it runs) and, once finished, its result per line. */
export function BulkRunPanel({ run }: { run: BulkReservationResponse }) {
  const { t } = useTranslation('bulkOperations');
  const percent = run.total === 0 ? 0 : Math.round((run.processed / run.total) * 100);
  return (
    <Paper withBorder p="md" mb="md" data-testid="bulk-run">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h4">
              {t('progress.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`kind.${run.kind}`)} {run.filename && `・${run.filename}`}
            </Text>
          </Group>
          <BulkStatusBadge status={run.status} />
        </Group>
        {/* The name on the section: it is the progressbar (a plain div, the root may not carry a label). */}
        <Progress.Root size="xl">
          <Progress.Section value={percent} color={run.status === 'FAILED' ? 'red' : 'blue'} animated={isRunning(run)} striped={isRunning(run)} data-testid="bulk-progress" aria-valuenow={percent} aria-label={t('progress.label')}>
            <Progress.Label>{percent}%</Progress.Label>
          </Progress.Section>
        </Progress.Root>
        <Group gap="lg">
          <Text size="sm" data-testid="bulk-count">
            {t('progress.count', { processed: run.processed, total: run.total })}
          </Text>
          <Text size="sm" c="teal">
            {t('progress.done', { succeeded: run.succeeded })}
          </Text>
          <Text size="sm" c="red">
            {t('progress.refused', { failed: run.failed })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('progress.skipped', { skipped: run.skipped })}
          </Text>
        </Group>
        {/* The server's error text is for the jobs screen and the logs, not for the reader of the result. */}
        {run.status === 'FAILED' && <Alert color="red">{t('failed')}</Alert>}
        {run.status === 'DONE' && (
          <>
            <Group justify="space-between" mt="sm">
              <Title order={3} size="h5">
                {t('result.title')}
              </Title>
              <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => saveLink(resultCsvUrl(run.id), `bulk-${run.id}-result.csv`)}>
                {t('result.download')}
              </Button>
            </Group>
            <Table.ScrollContainer minWidth={560} mah={480}>
              <Table striped aria-label={t('result.tableLabel')} data-testid="bulk-result-table" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>{t('result.line')}</Table.Th>
                    <Table.Th w={120}>{t('result.bookingId')}</Table.Th>
                    <Table.Th w={160}>{t('result.result')}</Table.Th>
                    <Table.Th>{t('result.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.lines.length === 0 && <TableEmptyRow colSpan={4}>{t('result.empty')}</TableEmptyRow>}
                  {run.lines.map((line) => (
                    <Table.Tr key={line.line_no}>
                      <Table.Td>{line.line_no}</Table.Td>
                      <Table.Td>
                        <Link to={`/bookings/${line.booking_id}`}>{line.booking_id}</Link>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={RESULT_COLOR[line.result]} variant="light">
                          {t(`lineResult.${line.result}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Reason run={run} line={line} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

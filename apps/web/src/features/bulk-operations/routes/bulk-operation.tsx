import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Paper, Radio, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BULK_COLUMNS, BULK_KINDS, BULK_MAX_LINES, bulkTemplateCsv, type BulkKind, type BulkValidationError } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { saveLink } from '../../../lib/save-file.ts';
import { useBulkReservation } from '../api/get-bulk-reservation.ts';
import { useBulkReservations } from '../api/get-bulk-reservations.ts';
import { bulkKeys } from '../api/bulk-keys.ts';
import { useUploadBulkFile, validationErrorsOf } from '../api/upload-bulk-file.ts';
import { BulkRunPanel, BulkStatusBadge } from '../components/bulk-run-panel.tsx';
import { CsvDropZone } from '../components/csv-drop-zone.tsx';
import { ListTable } from '../../../components/list-table.tsx';

const ENCODINGS = ['auto', 'utf-8', 'shift_jis'] as const;
type Encoding = (typeof ENCODINGS)[number];

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function downloadTemplate(kind: BulkKind) {
  // UTF-8 behind a BOM, so Excel opens it without guessing Shift_JIS.
  const url = URL.createObjectURL(new Blob(['\ufeff', bulkTemplateCsv(kind)], { type: 'text/csv;charset=utf-8' }));
  saveLink(url, kind === 'RESERVE_ALLOTMENTS' ? 'bulk-reserve-allotments.csv' : 'bulk-confirm-booking.csv');
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ValidationReport({ errors }: { errors: BulkValidationError[] }) {
  const { t } = useTranslation('bulkOperations');
  return (
    <Alert color="red" title={t('invalid.title')} mb="md" data-testid="bulk-validation">
      <Text size="sm" mb="xs">
        {t('invalid.body')}
      </Text>
      <ListTable
        minWidth={480} maxHeight={360} aria-label={t('invalid.tableLabel')} withTableBorder bg="white"
        head={
          <>
            <Table.Th w={60}>{t('invalid.line')}</Table.Th>
            <Table.Th w={140}>{t('invalid.field')}</Table.Th>
            <Table.Th>{t('invalid.reason')}</Table.Th>
          </>
        }
      >
        {errors.map((e, i) => (
          <Table.Tr key={`${e.line}-${e.field}-${i}`}>
            <Table.Td>{e.line}</Table.Td>
            <Table.Td>{e.field}</Table.Td>
            <Table.Td>{e.code ? t(`validation.${e.code}`, e.params ?? {}) : e.reason}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Alert>
  );
}

/** /bulk-operation (一括操作): upload a CSV to secure allotments for, or to answer, many bookings; follow the run; read and download its result. */
export function Component() {
  const { t } = useTranslation(['bulkOperations', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const [kind, setKind] = useState<BulkKind>('RESERVE_ALLOTMENTS');
  const [encoding, setEncoding] = useState<Encoding>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<BulkValidationError[] | null>(null);
  const selected = Number(searchParams.get('id')) || null;
  const run = useBulkReservation(selected);
  const recent = useBulkReservations();
  const upload = useUploadBulkFile();
  const show = (id: number) => setSearchParams({ id: String(id) });
  const queryClient = useQueryClient();
  const status = run.data?.status;
  // The recent runs show the shown run's state: refresh them as it moves on.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: bulkKeys.list() });
  }, [status, queryClient]);

  const start = async () => {
    if (!file) return;
    setInvalid(null);
    upload.mutate(
      { kind, csv_base64: await base64Of(file), filename: file.name, encoding },
      {
        onSuccess: (answer) => {
          notifySuccess(t(`bulkOperations:accepted.${kind}`));
          setFile(null);
          show(answer.id);
        },
        onError: (error) => {
          const refused = validationErrorsOf(error);
          if (refused) setInvalid(refused.errors);
          else notifyApiError(error);
        },
      },
    );
  };

  const columns = [...BULK_COLUMNS[kind].required, ...BULK_COLUMNS[kind].optional].join(', ');

  return (
    <>
      <PageHeader title={t('bulkOperations:title')} description={t('bulkOperations:description')} />
      <Paper withBorder p="md" mb="md">
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('bulkOperations:kind.label')}
            </Text>
            <SegmentedControl
              value={kind}
              onChange={(v) => {
                setKind(v as BulkKind);
                setInvalid(null);
              }}
              data={BULK_KINDS.map((k) => ({ value: k, label: t(`bulkOperations:kind.${k}`) }))}
              w={{ base: '100%', sm: 420 }}
              data-testid="bulk-kind"
            />
            <Text size="sm" c="dimmed">
              {t(`bulkOperations:kind.${kind}_help`)}
            </Text>
          </Stack>
          <Group gap="sm" align="center">
            <Button variant="light" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => downloadTemplate(kind)}>
              {t('bulkOperations:template')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('bulkOperations:templateHint', { columns, max: BULK_MAX_LINES.toLocaleString() })}
            </Text>
          </Group>
          <CsvDropZone file={file} onFile={setFile} />
          <Group justify="space-between" align="flex-end">
            <Radio.Group label={t('bulkOperations:encoding.label')} value={encoding} onChange={(v) => setEncoding(v as Encoding)}>
              <Group gap="lg" mt={6}>
                {ENCODINGS.map((e) => (
                  <Radio key={e} value={e} label={t(`bulkOperations:encoding.${e}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} disabled={!file} loading={upload.isPending} onClick={() => void start()}>
              {t('bulkOperations:run')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {invalid && <ValidationReport errors={invalid} />}
      {run.data && <BulkRunPanel run={run.data} />}
      {run.data?.status === 'INVALID' && !invalid && <ValidationReport errors={run.data.validation_errors} />}

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('bulkOperations:recent.title')}
        </Title>
        <ListTable
          minWidth={640} aria-label={t('bulkOperations:recent.tableLabel')} highlightOnHover
          head={
            <>
              <Table.Th>{t('bulkOperations:recent.createdAt')}</Table.Th>
              <Table.Th>{t('bulkOperations:recent.kind')}</Table.Th>
              <Table.Th>{t('bulkOperations:recent.file')}</Table.Th>
              <Table.Th>{t('bulkOperations:recent.status')}</Table.Th>
              <Table.Th>{t('bulkOperations:recent.count')}</Table.Th>
              <Table.Th>{t('bulkOperations:recent.by')}</Table.Th>
            </>
          }
        >
          {recent.data?.bulk_reservations.length === 0 && <TableEmptyRow colSpan={6}>{t('bulkOperations:recent.empty')}</TableEmptyRow>}
          {recent.data?.bulk_reservations.map((r) => (
            <Table.Tr key={r.id} bg={r.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Anchor component="button" size="sm" onClick={() => show(r.id)}>
                  {formatDateTime(r.created_at)}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`bulkOperations:kind.${r.kind}`)}</Table.Td>
              <Table.Td>{r.filename}</Table.Td>
              <Table.Td>
                <BulkStatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>{r.status === 'INVALID' ? '—' : t('bulkOperations:progress.count', { processed: r.processed, total: r.total })}</Table.Td>
              <Table.Td>{r.created_by}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Paper>
    </>
  );
}

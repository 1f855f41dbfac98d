import { Badge, DataList, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailModal, DetailRow } from '../../../components/detail-modal.tsx';
import { JsonView } from '../../../components/json-view.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useOperationLog } from '../api/get-operation-log.ts';
import { categoryLabel, isApiCall, operationLabel } from './category-label.ts';

export function OperationLogDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['operationLogs', 'common']);
  const log = useOperationLog(id);
  const row = log.data;

  return (
    <DetailModal opened={id !== null} onClose={onClose} title={t('detailTitle')} loading={!row}>
      {row && (
        <Stack gap="md">
          <DataList labelWidth={120} size="sm">
            <DetailRow label={t('columns.time')}>{formatDateTime(row.created_at)}</DetailRow>
            <DetailRow label={t('filters.category')}>{categoryLabel(row.category, t)}</DetailRow>
            <DetailRow label={t('columns.content')}>{operationLabel(row.operation, t)}</DetailRow>
            {/* A call logged by its method and path: the address it called, beside the request it sent. */}
            {isApiCall(row.operation) && <DetailRow label={t('apiAddress')}><code>{row.operation}</code></DetailRow>}
            <DetailRow label={t('operator')}>{row.operator}</DetailRow>
            <DetailRow label={t('bookingId')}>{row.booking_id ?? t('noData')}</DetailRow>
            <DetailRow label={t('statusCode')}>
              {row.status_code}{' '}
              <Badge size="xs" color={row.is_error ? 'red' : 'teal'}>
                {row.is_error ? t('error') : t('success')}
              </Badge>
            </DetailRow>
          </DataList>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <JsonView label={t('request')} value={row.request_json} emptyText={t('noData')} />
            <JsonView label={t('response')} value={row.response_json} emptyText={t('noData')} />
          </SimpleGrid>
        </Stack>
      )}
    </DetailModal>
  );
}

import { Badge, Center, DataList, Loader, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JsonView } from '../../../components/json-view.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useOperationLog } from '../api/get-operation-log.ts';
import { categoryLabel, operationLabel } from './category-label.ts';

export function OperationLogDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['operationLogs', 'common']);
  const log = useOperationLog(id);
  const row = log.data;

  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={t('detailTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {!row ? (
        <Center py="xl">
          <Loader aria-label={t('common:status.loading')} />
        </Center>
      ) : (
        <Stack gap="md">
          <DataList labelWidth={120} size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('columns.time')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(row.created_at)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('filters.category')}</DataList.ItemLabel>
              <DataList.ItemValue>{categoryLabel(row.category, t)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('columns.content')}</DataList.ItemLabel>
              <DataList.ItemValue>{`${operationLabel(row.operation, t)} (${row.operation})`}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('operator')}</DataList.ItemLabel>
              <DataList.ItemValue>{row.operator}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('bookingId')}</DataList.ItemLabel>
              <DataList.ItemValue>{row.booking_id ?? t('noData')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('statusCode')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {row.status_code}{' '}
                <Badge size="xs" color={row.is_error ? 'red' : 'teal'}>
                  {row.is_error ? t('error') : t('success')}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <JsonView label={t('request')} value={row.request_json} emptyText={t('noData')} />
            <JsonView label={t('response')} value={row.response_json} emptyText={t('noData')} />
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}

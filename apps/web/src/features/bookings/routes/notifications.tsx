import { useState } from 'react';
import { Anchor, Button, LoadingOverlay, Paper, Table, Tabs } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications, type NotificationCategory } from '../api/get-notifications.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** /notifications: the admin-side notifications for bookings and payments; delete after confirmation. */
export function Component() {
  const { t } = useTranslation(['notifications', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const category: NotificationCategory = searchParams.get('tab') === 'payment' ? 'payment' : 'booking';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const list = useNotifications(category, page);
  const remove = useDeleteNotification();
  const [deleting, setDeleting] = useState<NotificationRow | null>(null);
  const rows = list.data?.notifications ?? [];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={category} onChange={(tab) => setSearchParams(tab === 'payment' ? { tab: 'payment' } : {})} mb="md">
        <Tabs.List>
          <Tabs.Tab value="booking">{t('tabs.booking')}</Tabs.Tab>
          <Tabs.Tab value="payment">{t('tabs.payment')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={list.isFetching && !list.data} />
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={t('title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.createdAt')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.booking')}</Table.Th>
                <Table.Th>{t('columns.group')}</Table.Th>
                <Table.Th>{t('columns.agent')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && <TableEmptyRow colSpan={6}>{t('empty')}</TableEmptyRow>}
              {rows.map((row) => (
                <Table.Tr key={row.notification_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{isKind(row.kind) ? t(`kinds.${row.kind}`) : row.kind}</Table.Td>
                  <Table.Td>
                    {row.booking_id ? (
                      <Anchor component={Link} to={`/bookings/${row.booking_id}`} ff="monospace">
                        {row.booking_id}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{row.group_name ?? '—'}</Table.Td>
                  <Table.Td>{[row.agent_name, row.agent_sub_group_name].filter(Boolean).join(' / ') || '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(row)}>
                      {t('delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && (
          <ListPagination
            total={list.data.total}
            page={list.data.page}
            perPage={list.data.per_page}
            onChange={(next) => setSearchParams(category === 'payment' ? { tab: 'payment', page: String(next) } : { page: String(next) })}
          />
        )}
      </Paper>
      <ConfirmMutation
        target={deleting}
        title={t('deleteTitle')}
        message={() => t('deleteMessage')}
        confirmLabel={t('delete')}
        danger
        mutation={remove}
        variables={(notification) => notification.notification_id}
        done={t('deleted')}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

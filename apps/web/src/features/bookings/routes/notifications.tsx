import { useState } from 'react';
import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, SegmentedControl, Table, Tabs, Text } from '@mantine/core';
import { IconChecks, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import { NOTIFICATION_KINDS, type NotificationKind } from '@sagano/domain/bookings/booking-constants';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications, type NotificationCategory } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { NotificationDetail } from '../components/notification-detail.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The address of a tab, page and filter (the first page and "all" are left out). */
function paramsOf(category: NotificationCategory, page: number, unreadOnly: boolean): Record<string, string> {
  return { ...(category === 'payment' ? { tab: 'payment' } : {}), ...(page > 1 ? { page: String(page) } : {}), ...(unreadOnly ? { unread: 'true' } : {}) };
}

/**
 * /notifications: the caller's inbox (the back office's, the agent's or the branch's) for bookings
 * and payments. Unread rows stand out; opening one or "mark read" marks it read for the whole
 * inbox; "mark all read" clears both tabs; delete after confirmation.
 */
export function Component() {
  const { t } = useTranslation(['notifications', 'common']);
  const agentName = useAgentName();
  const [searchParams, setSearchParams] = useSearchParams();
  const category: NotificationCategory = searchParams.get('tab') === 'payment' ? 'payment' : 'booking';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const unreadOnly = searchParams.get('unread') === 'true';
  const list = useNotifications(category, page, unreadOnly);
  const unread = useUnreadCount(true);
  const remove = useDeleteNotification();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [deleting, setDeleting] = useState<NotificationRow | null>(null);
  const rows = list.data?.notifications ?? [];
  const read = (row: NotificationRow) => {
    if (!row.is_read) markRead.mutate(row.notification_id, { onError: (error) => notifyApiError(error) });
  };
  const tabLabel = (tab: NotificationCategory) => (
    <Group gap={6} wrap="nowrap">
      {t(`tabs.${tab}`)}
      {(unread.data?.[tab] ?? 0) > 0 && (
        <Badge size="sm" variant="filled" color="red" aria-label={t('unreadCount', { count: unread.data?.[tab] })}>
          {unread.data?.[tab]}
        </Badge>
      )}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={!unread.data?.total}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onSuccess: (r) => notifySuccess(t('markedAll', { count: r.marked })), onError: (error) => notifyApiError(error) })}
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Tabs value={category} onChange={(tab) => setSearchParams(paramsOf(tab === 'payment' ? 'payment' : 'booking', 1, unreadOnly))}>
          <Tabs.List>
            <Tabs.Tab value="booking">{tabLabel('booking')}</Tabs.Tab>
            <Tabs.Tab value="payment">{tabLabel('payment')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <SegmentedControl
          aria-label={t('filter.label')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => setSearchParams(paramsOf(category, 1, value === 'unread'))}
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'unread', label: t('filter.unread') },
          ]}
        />
      </Group>
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={list.isFetching && !list.data} />
        <PendingFrame pending={list.isPlaceholderData}>
          <ListTable
            minWidth={760} aria-label={t('title')} verticalSpacing="xs"
            head={
              <>
                <Table.Th w={72}>{t('columns.state')}</Table.Th>
                <Table.Th>{t('columns.createdAt')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.booking')}</Table.Th>
                <Table.Th>{t('columns.group')}</Table.Th>
                <Table.Th>{t('columns.agent')}</Table.Th>
                <Table.Th />
              </>
            }
          >
            {rows.length === 0 && <TableEmptyRow colSpan={7}>{unreadOnly ? t('emptyUnread') : t('empty')}</TableEmptyRow>}
            {rows.map((row) => (
              <Table.Tr
                key={row.notification_id}
                data-unread={row.is_read ? undefined : 'true'}
                // Unread: a blue bar at the row's start and bold text, on the page's own background (links
                // and buttons on a blue tint fell below 4.5:1).
                style={row.is_read ? undefined : { boxShadow: 'inset 4px 0 0 var(--mantine-color-blue-7)' }}
                fw={row.is_read ? undefined : 700}
              >
                <Table.Td>
                  {row.is_read ? (
                    <Text size="xs" c="dimmed">{t('read')}</Text>
                  ) : (
                    // Its whole word, whatever the language (the badge would otherwise shorten it to fit the column).
                    <Badge size="sm" variant="filled" color="blue" miw="max-content">{t('unread')}</Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw="inherit" style={{ whiteSpace: 'nowrap' }}>{isKind(row.kind) ? t(`kinds.${row.kind}`) : t('otherKind')}</Text>
                  <NotificationDetail detail={row.detail} />
                </Table.Td>
                <Table.Td>
                  {row.booking_id ? (
                    <Anchor component={Link} to={`/bookings/${row.booking_id}`} ff="monospace" onClick={() => read(row)}>
                      {row.booking_id}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{row.group_name ?? '—'}</Table.Td>
                <Table.Td>{[agentName(row.agent_name, row.agent_name_en), agentName(row.agent_sub_group_name, row.agent_sub_group_name_en)].filter(Boolean).join(' / ') || '—'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {!row.is_read && (
                    <Button size="xs" variant="subtle" leftSection={<IconMailOpened size={14} aria-hidden />} onClick={() => read(row)} loading={markRead.isPending && markRead.variables === row.notification_id}>
                      {t('markRead')}
                    </Button>
                  )}
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(row)}>
                    {t('delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          {list.data && (
            <ListPagination
              total={list.data.total}
              page={list.data.page}
              perPage={list.data.per_page}
              onChange={(next) => setSearchParams(paramsOf(category, next, unreadOnly))}
            />
          )}
        </PendingFrame>
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

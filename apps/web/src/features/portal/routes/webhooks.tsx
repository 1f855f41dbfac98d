import { Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconKey, IconList, IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookEndpointRow, WebhookEndpointWithSecret } from '@sagano/domain/webhooks/webhook-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { agentScopeOf, useOwnAgent } from '../../../lib/own-agent.ts';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useRedeliverWebhook, useRotateWebhookSecret, useSendWebhookTest, useUpdateWebhookEndpoint, useWebhookDeliveries, useWebhookEndpoints } from '../api/webhooks.ts';
import { CreateWebhookModal, ShowWebhookSecretModal } from '../components/webhook-dialogs.tsx';
import { groupName, sortGroups } from '../components/staff-groups.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { PENDING: 'blue', DELIVERED: 'teal', FAILED: 'red' };

/**
 * /webhooks: the agent's administrators register the addresses of their own systems that hear of
 * bookings and payments as they happen (issue 37): each endpoint's events, branch and switch, its
 * signing secret shown once (on registering and on rotating), and the delivery log with redeliver.
 */
export function Component() {
  const { t, i18n } = useTranslation(['portal', 'common']);
  const user = useCurrentUser();
  const agent = useOwnAgent(agentScopeOf(user));
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const sendTest = useSendWebhookTest();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<WebhookEndpointWithSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointRow | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointRow | null>(null);
  // The dialogs keep naming their endpoint while they fade out.
  const [target, setTarget] = useState<WebhookEndpointRow | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);

  const headOffice = { word: t('staff.headOffice'), named: (name: string) => t('staff.headOfficeNamed', { name }) };
  const branches = sortGroups(agent.data?.groups ?? []).filter((g) => !g.is_root).map((g) => ({ id: g.id, label: groupName(g, i18n.language, headOffice) }));
  const branchOf = (row: WebhookEndpointRow) => (row.branch_id === null ? t('webhooks.allBranches') : (branches.find((b) => b.id === row.branch_id)?.label ?? row.branch_name ?? ''));
  const rows = endpoints.data?.webhook_endpoints ?? [];
  const shownLog = rows.find((r) => r.id === logOf) ?? null;

  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        description={t('webhooks.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('webhooks.add')}
          </Button>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <ListTable
            minWidth={900} striped highlightOnHover aria-label={t('webhooks.listLabel')}
            head={
              <>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.branch')}</Table.Th>
                <Table.Th>{t('webhooks.events')}</Table.Th>
                <Table.Th>{t('webhooks.secretRotated')}</Table.Th>
                <Table.Th>{t('webhooks.enabled')}</Table.Th>
                <Table.Th aria-label={t('webhooks.actions')} />
              </>
            }
          >
            {rows.length === 0 && !endpoints.isPending && <TableEmptyRow colSpan={6}>{t('webhooks.empty')}</TableEmptyRow>}
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`webhook-endpoint-${row.id}`}>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {row.url}
                  </Text>
                  {row.description && (
                    <Text size="xs" c="dimmed">
                      {row.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{branchOf(row)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {row.events.map((e) => (
                      <Badge key={e} size="sm" variant="light" color="gray" tt="none">
                        {t(`webhooks.eventTypes.${e}`)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(row.secret_rotated_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={row.enabled}
                    aria-label={t('webhooks.enabledFor', { url: row.url })}
                    label={row.enabled ? t('webhooks.on') : t('webhooks.off')}
                    disabled={update.isPending}
                    styles={{ label: { whiteSpace: 'nowrap' } }}
                    onChange={(e) => {
                      const enabled = e.currentTarget.checked;
                      update.mutate({ id: row.id, body: { enabled } }, { onSuccess: () => notifySuccess(enabled ? t('webhooks.enabledDone') : t('webhooks.disabledDone')) });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant={logOf === row.id ? 'filled' : 'light'} leftSection={<IconList size={14} aria-hidden />} onClick={() => setLogOf(row.id)} aria-label={t('webhooks.showLogFor', { url: row.url })}>
                      {t('webhooks.showLog')}
                    </Button>
                    <RowActions
                      extra={[
                        {
                          label: t('webhooks.sendTestFor', { url: row.url }),
                          tooltip: t('webhooks.sendTest'),
                          icon: IconSend,
                          disabled: sendTest.isPending,
                          onClick: () =>
                            sendTest.mutate(row.id, {
                              onSuccess: () => {
                                notifySuccess(t('webhooks.testSent'));
                                setLogOf(row.id);
                              },
                            }),
                        },
                        {
                          label: t('webhooks.rotateFor', { url: row.url }),
                          tooltip: t('webhooks.rotate'),
                          icon: IconKey,
                          onClick: () => {
                            setRotating(row);
                            setTarget(row);
                          },
                        },
                      ]}
                      remove={{
                        label: t('webhooks.deleteFor', { url: row.url }),
                        onClick: () => {
                          setDeleting(row);
                          setTarget(row);
                        },
                      }}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Paper>
        {shownLog && <DeliveryLog endpoint={shownLog} />}
      </Stack>

      <CreateWebhookModal
        opened={creating}
        branches={branches}
        create={create}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setShown(created);
          setLogOf(created.id);
        }}
      />
      <ShowWebhookSecretModal shown={shown} onClose={() => setShown(null)} />
      <ConfirmModal
        opened={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={target ? t('webhooks.rotateConfirm', { url: target.url }) : ''}
        confirmLabel={t('webhooks.rotate')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (rotated) => {
              setRotating(null);
              setShown(rotated);
            },
          })
        }
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={target ? t('webhooks.deleteConfirm', { url: target.url }) : ''}
        confirmLabel={t('common:actions.delete')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('webhooks.deletedDone'));
              if (logOf === deleting.id) setLogOf(null);
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}

/** One endpoint's deliveries, newest first, read again every few seconds: event, time, status, attempts, answer, redeliver. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const { t } = useTranslation(['portal', 'common']);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const deliveries = useWebhookDeliveries(endpoint.id, page, status);
  const redeliver = useRedeliverWebhook();
  const rows = deliveries.data?.deliveries ?? [];
  const outcome = (d: WebhookDeliveryRow) => {
    if (d.last_response_code !== null) return t('webhooks.answered', { code: d.last_response_code });
    if (d.last_error) return t('webhooks.noAnswer');
    return '';
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            {t('webhooks.logTitle')}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t('webhooks.statusFilter')}
          value={status}
          onChange={(value) => {
            setStatus(value as WebhookDeliveryStatus | '');
            setPage(1);
          }}
          data={[
            { value: '', label: t('webhooks.allStatuses') },
            { value: 'PENDING', label: t('webhooks.statuses.PENDING') },
            { value: 'DELIVERED', label: t('webhooks.statuses.DELIVERED') },
            { value: 'FAILED', label: t('webhooks.statuses.FAILED') },
          ]}
        />
      </Group>
      <PendingFrame pending={deliveries.isPlaceholderData}>
        <ListTable
          minWidth={860} striped aria-label={t('webhooks.logLabel')}
          head={
            <>
              <Table.Th>{t('webhooks.event')}</Table.Th>
              <Table.Th>{t('webhooks.booking')}</Table.Th>
              <Table.Th>{t('webhooks.time')}</Table.Th>
              <Table.Th>{t('webhooks.status')}</Table.Th>
              <Table.Th>{t('webhooks.attempts')}</Table.Th>
              <Table.Th>{t('webhooks.response')}</Table.Th>
              <Table.Th>{t('webhooks.next')}</Table.Th>
              <Table.Th aria-label={t('webhooks.actions')} />
            </>
          }
        >
          {rows.length === 0 && !deliveries.isPending && <TableEmptyRow colSpan={8}>{t('webhooks.noDeliveries')}</TableEmptyRow>}
          {rows.map((d) => (
            <Table.Tr key={d.id} data-testid={`webhook-delivery-${d.id}`}>
              <Table.Td>{t(`webhooks.eventTypes.${d.event_type}`, { defaultValue: t('webhooks.otherEvent') })}</Table.Td>
              <Table.Td>{d.booking_id ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[d.status]} variant="light">
                  {t(`webhooks.statuses.${d.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>
                {d.last_error ? (
                  <Tooltip label={d.last_error} withArrow multiline w={320}>
                    <Text size="sm" td="underline" style={{ textDecorationStyle: 'dotted' }} tabIndex={0}>
                      {outcome(d)}
                    </Text>
                  </Tooltip>
                ) : (
                  <Text size="sm">{outcome(d)}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.status === 'PENDING' && d.next_attempt_at ? formatDateTime(d.next_attempt_at) : d.delivered_at ? formatDateTime(d.delivered_at) : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  disabled={redeliver.isPending || d.status === 'PENDING'}
                  aria-label={t('webhooks.redeliverFor', { event: t(`webhooks.eventTypes.${d.event_type}`, { defaultValue: t('webhooks.otherEvent') }), time: formatDateTime(d.created_at) })}
                  onClick={() => redeliver.mutate({ id: endpoint.id, deliveryId: d.id }, { onSuccess: () => notifySuccess(t('webhooks.redelivered')) })}
                >
                  {t('webhooks.redeliver')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <ListPagination total={deliveries.data?.total ?? 0} page={page} perPage={20} onChange={setPage} />
      </PendingFrame>
    </Paper>
  );
}

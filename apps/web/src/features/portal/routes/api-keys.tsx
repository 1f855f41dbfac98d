import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow, CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { agentScopeOf, useOwnAgent } from '../../../lib/own-agent.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { CreateApiKeyModal, ShowApiKeyModal } from '../components/api-key-dialogs.tsx';
import { groupName, sortGroups } from '../components/staff-groups.ts';
import { ListTable } from '../../../components/list-table.tsx';

/**
 * /api-keys: the agent's administrators issue keys for their own booking systems (one branch
 * each), see when each was last used, and revoke them. A key is shown once, when created.
 */
export function Component() {
  const { t, i18n } = useTranslation(['portal', 'common']);
  const user = useCurrentUser();
  const agent = useOwnAgent(agentScopeOf(user));
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  // The dialog keeps naming its key while it fades out.
  const [revokeTarget, setRevokeTarget] = useState<ApiKeyRow | null>(null);

  const headOffice = { word: t('staff.headOffice'), named: (name: string) => t('staff.headOfficeNamed', { name }) };
  const groups = sortGroups(agent.data?.groups ?? []).map((g) => ({ id: g.id, label: groupName(g, i18n.language, headOffice) }));
  const branchOf = (row: ApiKeyRow) => groups.find((g) => g.id === row.group_id)?.label ?? row.group_name;
  const rows = keys.data?.api_keys ?? [];

  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} disabled={groups.length === 0}>
            {t('apiKeys.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <ListTable
          minWidth={800} striped highlightOnHover aria-label={t('apiKeys.listLabel')}
          head={
            <>
              <Table.Th>{t('apiKeys.name')}</Table.Th>
              <Table.Th>{t('apiKeys.branch')}</Table.Th>
              <Table.Th>{t('apiKeys.prefix')}</Table.Th>
              <Table.Th>{t('apiKeys.created')}</Table.Th>
              <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
              <Table.Th>{t('apiKeys.state')}</Table.Th>
              <Table.Th aria-label={t('apiKeys.actions')} />
            </>
          }
        >
          {rows.length === 0 && !keys.isPending && <TableEmptyRow colSpan={7}>{t('apiKeys.empty')}</TableEmptyRow>}
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`api-key-${row.id}`}>
              <Table.Td fw={600}>{row.name}</Table.Td>
              <Table.Td>{branchOf(row)}</Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">{`${row.prefix}…`}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(row.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {row.created_by}
                </Text>
              </Table.Td>
              <Table.Td>{row.last_used_at ? formatDateTime(row.last_used_at) : t('apiKeys.neverUsed')}</Table.Td>
              <Table.Td>
                {row.revoked_at ? (
                  <>
                    <Badge color="gray" variant="light">
                      {t('apiKeys.revoked')}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(row.revoked_at)} {row.revoked_by}
                    </Text>
                  </>
                ) : (
                  <Badge color="teal" variant="light">
                    {t('apiKeys.active')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {!row.revoked_at && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      setRevoking(row);
                      setRevokeTarget(row);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Paper>

      <CreateApiKeyModal
        opened={creating}
        groups={groups}
        create={create}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ShowApiKeyModal created={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={revokeTarget ? t('apiKeys.revokeConfirm', { name: revokeTarget.name }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifySuccess(t('apiKeys.revokedDone', { name: revoking.name }));
              setRevoking(null);
            },
          })
        }
      />
    </>
  );
}

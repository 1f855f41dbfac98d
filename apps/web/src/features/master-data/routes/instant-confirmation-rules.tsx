import { useState } from 'react';
import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import type { InstantConfirmationRuleBody, InstantConfirmationRuleResponse } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useListSeparator } from '../../../lib/list-separator.ts';
import { useDisableInstantConfirmationRule, useInstantConfirmationRules, useRuleAgentOptions } from '../api/instant-confirmation-rules.ts';
import { InstantConfirmationRuleFormModal } from '../components/instant-confirmation-rule-form-modal.tsx';
import { MasterDataList } from '../components/master-data-list.tsx';

type Dialog = { kind: 'form'; rule: InstantConfirmationRuleResponse | null } | { kind: 'disable'; rule: InstantConfirmationRuleResponse };

/** The seats and state columns hold a few words each: kept whole (in Japanese a narrow cell breaks inside a word); the conditions take the rest. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The conditions of a rule in words, one line each. */
function Conditions({ rule, agentName }: { rule: InstantConfirmationRuleBody; agentName: (id: number) => string }) {
  const { t } = useTranslation('masterData');
  const separator = useListSeparator();
  return (
    <Stack gap={2}>
      <Text size="sm">{rule.agent_ids === null ? t('instantRules.scope.all') : rule.agent_ids.map(agentName).join(separator)}</Text>
      <Text size="sm">{rule.channels.map((c) => t(`instantRules.channel.${c}`)).join(' / ')}</Text>
      <Text size="sm">
        {t('instantRules.summary', { people: rule.max_participants, days: rule.min_days_ahead })}
        {rule.only_sufficient_level ? t('instantRules.summarySufficient') : ''}
      </Text>
    </Stack>
  );
}

/**
 * /instant-confirmation-rules: the operator's rules for confirming a booking request as it is
 * submitted (ADR 037). New rules and changes wait for a second person's approval (shown here until
 * applied); the switch turns a rule off at once. Back-office staff read; admins change.
 */
export function Component() {
  const { t, i18n } = useTranslation(['masterData', 'common']);
  const user = useCurrentUser();
  const isAdmin = capabilitiesOf(user).manageUsers;
  const rules = useInstantConfirmationRules();
  const agents = useRuleAgentOptions();
  const disable = useDisableInstantConfirmationRule();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const rows = rules.data?.instant_confirmation_rules ?? [];
  const pending = rules.data?.pending_rules ?? [];
  const names = new Map((agents.data?.agents ?? []).map((a) => [a.id, i18n.language === 'en' && a.name_en ? a.name_en : a.name_ja]));
  const agentName = (id: number) => names.get(id) ?? `#${id}`;

  return (
    <>
      <MasterDataList
        title={t('instantRules.title')}
        description={t('instantRules.description')}
        addLabel={t('instantRules.add')}
        onAdd={isAdmin ? () => setDialog({ kind: 'form', rule: null }) : undefined}
        loading={rules.isPending}
        tableLabel={t('instantRules.listLabel')}
        minWidth={860}
        columns={[
          { label: t('instantRules.columns.name') },
          { label: t('instantRules.columns.conditions') },
          { label: t('instantRules.columns.seats') },
          { label: t('instantRules.columns.state') },
          { label: t('instantRules.columns.actions'), width: 80 },
        ]}
        empty={rules.isSuccess && rows.length === 0 && pending.length === 0 ? t('instantRules.empty') : null}
      >
        {rows.map((rule) => (
          <Table.Tr key={rule.id} data-testid={`instant-rule-${rule.id}`}>
            <Table.Td>{rule.name}</Table.Td>
            <Table.Td>
              <Conditions rule={rule} agentName={agentName} />
            </Table.Td>
            <Table.Td style={NO_WRAP}>{rule.auto_assign_seats ? t('instantRules.seatsAuto') : t('instantRules.seatsManual')}</Table.Td>
            <Table.Td style={NO_WRAP}>
              <Stack gap={4}>
                <Switch
                  checked={rule.enabled}
                  label={rule.enabled ? t('instantRules.enabled') : t('instantRules.disabled')}
                  aria-label={t('instantRules.enabledSwitch', { name: rule.name })}
                  disabled={!isAdmin || !rule.enabled}
                  onChange={() => setDialog({ kind: 'disable', rule })}
                />
                {rule.pending_change && (
                  <Badge color="yellow" variant="light" data-testid={`instant-rule-${rule.id}-pending`}>
                    {t('instantRules.changePending')}
                  </Badge>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>{isAdmin && <RowActions edit={{ label: t('instantRules.edit', { name: rule.name }), onClick: () => setDialog({ kind: 'form', rule }) }} />}</Table.Td>
          </Table.Tr>
        ))}
        {pending.map((p) => (
          <Table.Tr key={`pending-${p.approval_id}`} data-testid={`instant-rule-pending-${p.approval_id}`}>
            <Table.Td>{p.rule.name}</Table.Td>
            <Table.Td>
              <Conditions rule={p.rule} agentName={agentName} />
            </Table.Td>
            <Table.Td style={NO_WRAP}>{p.rule.auto_assign_seats ? t('instantRules.seatsAuto') : t('instantRules.seatsManual')}</Table.Td>
            <Table.Td style={NO_WRAP}>
              <Group gap={4}>
                <Badge color="yellow" variant="light">
                  {p.status === 'JOB_FAILED' ? t('instantRules.applyFailed') : t('instantRules.newPending')}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        ))}
      </MasterDataList>
      {dialog?.kind === 'form' && <InstantConfirmationRuleFormModal key={dialog.rule?.id ?? 'new'} rule={dialog.rule} onClose={close} />}
      <ConfirmMutation
        target={dialog?.kind === 'disable' ? dialog.rule : null}
        title={t('instantRules.disableTitle')}
        message={(rule) => t('instantRules.disableConfirm', { name: rule.name })}
        confirmLabel={t('instantRules.disableAction')}
        danger
        mutation={disable}
        variables={(rule) => rule.id}
        done={t('instantRules.disabledDone')}
        onClose={close}
      />
    </>
  );
}

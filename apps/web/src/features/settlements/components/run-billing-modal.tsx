import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentOptions } from '../../../lib/agent-options.ts';
import { closeAndNotify } from '../../../lib/notify.ts';
import { useAgentName, useAgentSelectData } from '../../../lib/agent-name.ts';
import { runBilling, useSettlementStep } from '../api/settlement-steps.ts';

/**
 * 請求を今すぐ実行: the back office bills one agent now (after a correction, say), by the same
 * code as the monthly job. Asks which agent, says what will happen, then runs it.
 */
export function RunBillingModal({ opened, initialAgentId, onClose }: { opened: boolean; initialAgentId: string; onClose: () => void }) {
  const { t } = useTranslation(['settlements', 'common']);
  const agents = useAgentOptions({ enabled: opened }).data?.agents ?? [];
  const [agentId, setAgentId] = useState(initialAgentId);
  const step = useSettlementStep((id: number) => runBilling(id));
  const chosen = agents.find((a) => String(a.id) === agentId);
  const agentName = useAgentName();
  const options = useAgentSelectData();
  return (
    <Modal opened={opened} onClose={onClose} title={t('runBilling.title')} size="md">
      <Stack gap="sm">
        <Text size="sm">{t('runBilling.intro')}</Text>
        <Select
          label={t('runBilling.agent')}
          required
          searchable
          data={options(agents)}
          value={agentId || null}
          onChange={(v) => setAgentId(v ?? '')}
        />
        {chosen && <Text size="sm">{t('runBilling.message', { agent: agentName(chosen.name_ja, chosen.name_en) })}</Text>}
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onClose} disabled={step.isPending}>
            {t('common:actions.close')}
          </Button>
          <Button disabled={!chosen} loading={step.isPending} onClick={() => chosen && step.mutate(chosen.id, closeAndNotify(onClose, t('runBilling.done', { agent: agentName(chosen.name_ja, chosen.name_en) })))}>
            {t('runBilling.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RunBillingResponse } from '@sagano/domain/settlements/settlement-schemas';
import { useAgentOptions } from '../../../lib/agent-options.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { formatYen } from '../../../lib/yen.ts';
import { useAgentName, useAgentSelectData } from '../../../lib/agent-name.ts';
import { runBilling, useSettlementStep } from '../api/settlement-steps.ts';
import { GrowingSelect } from '../../../components/growing-select.tsx';

/**
 * What a run did, in one sentence for the office: the period with its branches, bookings and
 * amount; a period closed with nothing in it; or nothing to bill until the next billing day.
 */
export function runBillingMessage(t: TFunction<['settlements', 'common']>, agent: string, r: RunBillingResponse): string {
  const next = r.next_billing_date;
  if (!r.period) return t('runBilling.nothing', { agent, next });
  const period = { agent, from: r.period.from, to: r.period.to };
  // A run at the same moment billed the period first (the agent row lock lets one through).
  if (!r.billed) return t('runBilling.billedElsewhere', period);
  if (r.bookings === 0) return t('runBilling.billedNone', { ...period, next });
  return t('runBilling.billed', {
    ...period,
    branches: t('runBilling.branchCount', { count: r.branches }),
    bookings: t('runBilling.bookingCount', { count: r.bookings }),
    amount: t('yen', { amount: formatYen(r.amount) }),
  });
}

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
  const done = (message: string) => {
    onClose();
    notifySuccess(message);
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={opened} onClose={onClose} title={t('runBilling.title')} size="md">
      <Stack gap="sm">
        <Text size="sm">{t('runBilling.intro')}</Text>
        <GrowingSelect
          full={Infinity}
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
          <Button disabled={!chosen} loading={step.isPending} onClick={() => chosen && step.mutate(chosen.id, { onSuccess: (result) => done(runBillingMessage(t, agentName(chosen.name_ja, chosen.name_en), result)) })}>
            {t('runBilling.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

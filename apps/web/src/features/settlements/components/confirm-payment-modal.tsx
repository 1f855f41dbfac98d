import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { ConfirmSettlementPaymentBody, type AgentSettlement } from '@sagano/domain/settlements/settlement-schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { formatYen } from '../../../lib/yen.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { confirmSettlementPayment, useSettlementStep } from '../api/settlement-steps.ts';
import { DateField } from '../../../components/date-field.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import { MAX_SETTLEMENT_NOTE } from '@sagano/domain/settlements/settlement-schemas';
import { counted } from '../../../components/length-counter.tsx';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';

/**
 * 入金確認: the back office records that the agent paid the month's settlement (every branch's
 * invoice), on a date with a note. Irreversible (spec 000 §4), so the dialog says so, and its
 * buttons read 閉じる and the action, never キャンセル.
 */
export function ConfirmPaymentModal({ settlement, onClose }: { settlement: AgentSettlement; onClose: () => void }) {
  const { t } = useTranslation(['settlements', 'common']);
  const agentName = useAgentName();
  const step = useSettlementStep((body: ConfirmSettlementPaymentBody) => confirmSettlementPayment(settlement.agent_settlement_id, body), { silent: true });
  const labels: FieldLabels = { paid_on: () => t('confirmPayment.paidOn'), note: () => t('confirmPayment.note') };
  const validate = zodValidate(ConfirmSettlementPaymentBody, labels);
  const bodyOf = (v: { paid_on: string; note: string }) => ({ paid_on: v.paid_on, note: v.note.trim() });
  const form = useForm({ initialValues: { paid_on: tokyoToday(), note: '' }, validate: (values) => validate(bodyOf(values)) });
  const submit = form.onSubmit((values) =>
    step.mutate(ConfirmSettlementPaymentBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('confirmPayment.done'));
        onClose();
      },
      onError: (error) => {
        if (!setServerFieldError(form, error, ['paid_on', 'note'], labels)) notifyApiError(error);
        // Confirmed meanwhile (another window): the toast says when and by whom, the screen refreshes (useSettlementStep); nothing is left to confirm here.
        if (error instanceof ApiError && error.code === 'ALREADY_CONFIRMED') onClose();
      },
    }),
  );
  const amount = t('yen', { amount: formatYen(settlement.amount) });
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened onClose={onClose} title={t('confirmPayment.title')} size="md">
      <form onSubmit={submit} noValidate aria-label={t('confirmPayment.title')}>
        <Stack gap="sm">
          <Text size="sm" data-testid="confirm-payment-message">
            {t('confirmPayment.message', { agent: agentName(settlement.agent.name, settlement.agent.name_en), from: settlement.duration.from, to: settlement.duration.to, amount })}
          </Text>
          <DateField label={t('confirmPayment.paidOn')} required data-autofocus {...form.getInputProps('paid_on')} />
          <Textarea label={t('confirmPayment.note')} placeholder={t('confirmPayment.notePlaceholder')} autosize minRows={2} {...form.getInputProps('note')} {...counted(form.values.note, MAX_SETTLEMENT_NOTE)} />
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="irreversible">
            {t('confirmPayment.irreversible')}
          </Alert>
          <FormModalActions saving={step.isPending} onCancel={onClose} cancelLabel={t('common:actions.close')} submitLabel={t('confirmPayment.confirm')} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}

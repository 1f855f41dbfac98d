import { Modal, NumberInput, Stack, Text, Textarea, TextInput, type NumberInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AdjustAmountBody, MAX_TRANSFER_NOTE, RecordBankTransferBody, ReportCouponBody } from '@sagano/domain/payments/payment-schemas';
import { ADJUST_REASON_MAX } from '@sagano/domain/payments/payment-state';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { yenOf } from '@sagano/domain/money/yen-e6';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { formatYen, yenInputToE6 } from '../../../lib/yen.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { adjustAmount, correctCouponNumber, recordBankTransfer, reportCoupon, usePaymentStep } from '../api/payment-steps.ts';
import { DateField } from '../../../components/date-field.tsx';

type Close = () => void;

/** A typed yen amount as e6 for the schema: undefined when empty (required), -1 when not whole yen (invalid). */
function typedE6(value: number | string): number | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return yenInputToE6(value) ?? -1;
}

/**
 * After a failed call: the message on the form field the server named (`fields` maps its body
 * field to the form's), else a toast. The mutation is silent, so nothing else reports it.
 */
function showError(form: { setFieldError: (path: string, error: string) => void }, error: unknown, fields: Record<string, string>) {
  const field = error instanceof ApiError && error.field ? fields[error.field] : undefined;
  if (field) form.setFieldError(field, errorMessage(error));
  else notifyApiError(error);
}

/** A whole-yen amount typed by staff: no decimals, no sign, thousands separators, 円 after it. */
function YenInput({ unit, ...props }: NumberInputProps & { unit: string }) {
  return (
    <NumberInput
      required
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      rightSection={
        <Text size="sm" c="dimmed">
          {unit}
        </Text>
      }
      rightSectionWidth={48}
      data-autofocus
      {...props}
    />
  );
}

/** The agent reports the coupon issued (mode report), or the operator corrects its number (mode correct). */
export function CouponModal({ mode, bookingId, paymentId, current, onClose }: { mode: 'report' | 'correct'; bookingId: string; paymentId: number; current: string | null; onClose: Close }) {
  const { t } = useTranslation('payments');
  const key = mode === 'report' ? 'reportCoupon' : 'correctCoupon';
  const step = usePaymentStep((body: ReportCouponBody) => (mode === 'report' ? reportCoupon(bookingId, paymentId, body) : correctCouponNumber(bookingId, paymentId, body)), { silent: true });
  const validate = zodValidate(ReportCouponBody);
  const form = useForm({ initialValues: { coupon_number: current ?? '' }, validate: (values) => validate({ coupon_number: values.coupon_number.trim() }) });
  const submit = form.onSubmit((values) =>
    step.mutate(
      { coupon_number: values.coupon_number.trim() },
      {
        onSuccess: () => {
          notifySuccess(t(`${key}.done`));
          onClose();
        },
        onError: (error) => showError(form, error, { coupon_number: 'coupon_number' }),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t(`${key}.title`)} size="md">
      <form onSubmit={submit} noValidate aria-label={t(`${key}.title`)}>
        <Stack gap="sm">
          {mode === 'report' && <Text size="sm">{t('reportCoupon.intro')}</Text>}
          <TextInput label={t(`${key}.couponNumber`)} required autoComplete="off" data-autofocus maxLength={40} {...form.getInputProps('coupon_number')} />
          <FormModalActions saving={step.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The operator records money received (a bank transfer) against a payment: at most what is still owed. */
export function RecordTransferModal({ bookingId, paymentId, remainingE6, onClose }: { bookingId: string; paymentId: number; remainingE6: number; onClose: Close }) {
  const { t } = useTranslation('payments');
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const step = usePaymentStep((body: RecordBankTransferBody) => recordBankTransfer(bookingId, paymentId, body), { silent: true });
  const validate = zodValidate(RecordBankTransferBody, { amount: () => t('recordTransfer.amountInvalid') });
  const bodyOf = (v: { amount: number | string; transferred_on: string; note: string }) => ({ amount: typedE6(v.amount), transferred_on: v.transferred_on, note: v.note.trim() });
  const form = useForm({
    initialValues: { amount: yenOf(remainingE6) as number | string, transferred_on: tokyoToday(), note: '' },
    validate: (values) => {
      const errors = validate(bodyOf(values));
      const amount = bodyOf(values).amount;
      if (!errors.amount && amount !== undefined && amount > remainingE6) errors.amount = t('recordTransfer.amountTooLarge', { amount: yen(remainingE6) });
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    step.mutate(RecordBankTransferBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('recordTransfer.done'));
        onClose();
      },
      onError: (error) => showError(form, error, { amount: 'amount', transferred_on: 'transferred_on', note: 'note' }),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('recordTransfer.title')} size="md">
      <form onSubmit={submit} noValidate aria-label={t('recordTransfer.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('recordTransfer.intro')}</Text>
          <Text size="sm" fw={600} data-testid="transfer-remaining">
            {t('recordTransfer.remaining', { amount: yen(remainingE6) })}
          </Text>
          <YenInput label={t('recordTransfer.amount')} unit={t('yenUnit')} min={1} {...form.getInputProps('amount')} />
          <DateField label={t('recordTransfer.transferredOn')} required {...form.getInputProps('transferred_on')} />
          <Textarea label={t('recordTransfer.note')} placeholder={t('recordTransfer.notePlaceholder')} autosize minRows={2} {...form.getInputProps('note')} {...counted(form.values.note, MAX_TRANSFER_NOTE)} />
          <FormModalActions saving={step.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The operator sets the fare's total with a reason; the total is fixed from then on. */
export function AdjustAmountModal({ bookingId, totalE6, onClose }: { bookingId: string; totalE6: number; onClose: Close }) {
  const { t } = useTranslation('payments');
  const step = usePaymentStep((body: AdjustAmountBody) => adjustAmount(bookingId, body), { silent: true });
  const validate = zodValidate(AdjustAmountBody, { total_amount: () => t('adjustAmount.amountInvalid') });
  const bodyOf = (v: { total_amount: number | string; reason: string }) => ({ total_amount: typedE6(v.total_amount), reason: v.reason.trim() });
  const form = useForm({ initialValues: { total_amount: yenOf(totalE6) as number | string, reason: '' }, validate: (values) => validate(bodyOf(values)) });
  const submit = form.onSubmit((values) =>
    step.mutate(AdjustAmountBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('adjustAmount.done'));
        onClose();
      },
      // The state machine names a refused amount `amount`.
      onError: (error) => showError(form, error, { total_amount: 'total_amount', amount: 'total_amount', reason: 'reason' }),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('adjustAmount.title')} size="md">
      <form onSubmit={submit} noValidate aria-label={t('adjustAmount.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('adjustAmount.intro')}</Text>
          <Text size="sm" fw={600}>
            {t('adjustAmount.current', { amount: t('yen', { amount: formatYen(totalE6) }) })}
          </Text>
          <YenInput label={t('adjustAmount.total')} unit={t('yenUnit')} min={0} {...form.getInputProps('total_amount')} />
          <Textarea label={t('adjustAmount.reason')} required autosize minRows={2} {...form.getInputProps('reason')} {...counted(form.values.reason, ADJUST_REASON_MAX)} />
          <FormModalActions saving={step.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

import { useRef, useState } from 'react';
import { Modal, NumberInput, Radio, Stack, Text, Textarea, TextInput, type NumberInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AdjustAmountBody, MAX_TRANSFER_NOTE, RecordBankTransferBody, RecordRefundPaidBody, REFUND_NOTE_MAX, RefundBody, ReportCouponBody, type PaymentRefund } from '@sagano/domain/payments/payment-schemas';
import type { RefundRoute } from '@sagano/domain/payments/payment-ledger';
import { ADJUST_REASON_MAX } from '@sagano/domain/payments/payment-state';
import { owedE6 } from '@sagano/domain/payments/money-terms';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { yenOf } from '@sagano/domain/money/yen-e6';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { formatYen, yenInputToE6 } from '../../../lib/yen.ts';
import { validationMessage as v } from '../../../lib/validation-messages.ts';
import { labelAt, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { adjustAmount, correctCouponNumber, recordBankTransfer, recordRefundPaid, refundPayment, reportCoupon, usePaymentStep } from '../api/payment-steps.ts';
import { DateField } from '../../../components/date-field.tsx';

type Close = () => void;

/** A typed yen amount as e6 for the schema: undefined when empty (required), -1 when not whole yen (invalid). */
function typedE6(value: number | string): number | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return yenInputToE6(value) ?? -1;
}

/**
 * After a failed call: the message on the form field the server named (`fields` maps its body
 * field to the form's; a 400 says the rule in the field's words, `labels`), else a toast. The
 * mutation is silent, so nothing else reports it.
 */
function showError(form: { setFieldError: (path: string, error: string) => void }, error: unknown, fields: Record<string, string>, labels: FieldLabels = {}) {
  const field = error instanceof ApiError && error.field ? fields[error.field] : undefined;
  if (!field) return notifyApiError(error);
  const label = labelAt(labels, field);
  form.setFieldError(field, error instanceof ApiError && error.code === 'VALIDATION_FAILED' && label ? v.invalid(label) : errorMessage(error));
}

/**
 * A whole-yen amount typed by staff, thousands separators, 円 after it. What is typed stays as typed
 * (a sign, a decimal, a number under the minimum): the form refuses it with its message (typedE6)
 * rather than the field quietly turning −1000 into 1000 or 0 into 1.
 */
function YenInput({ unit, ...props }: NumberInputProps & { unit: string }) {
  return (
    <NumberInput
      required
      clampBehavior="none"
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
  const { t } = useTranslation(['payments', 'common']);
  const key = mode === 'report' ? 'reportCoupon' : 'correctCoupon';
  const step = usePaymentStep((body: ReportCouponBody) => (mode === 'report' ? reportCoupon(bookingId, paymentId, body) : correctCouponNumber(bookingId, paymentId, body)), { silent: true });
  const labels = { coupon_number: () => t(`${key}.couponNumber`) };
  const validate = zodValidate(ReportCouponBody, labels);
  const form = useForm({ initialValues: { coupon_number: current ?? '' }, validate: (values) => validate({ coupon_number: values.coupon_number.trim() }) });
  const submit = form.onSubmit((values) =>
    step.mutate(
      { coupon_number: values.coupon_number.trim() },
      {
        onSuccess: () => {
          notifySuccess(t(`${key}.done`));
          onClose();
        },
        onError: (error) => showError(form, error, { coupon_number: 'coupon_number' }, labels),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t(`${key}.title`)} size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
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
  const { t } = useTranslation(['payments', 'common']);
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const step = usePaymentStep((body: RecordBankTransferBody) => recordBankTransfer(bookingId, paymentId, body), { silent: true });
  const labels = { amount: () => t('recordTransfer.amount'), transferred_on: () => t('recordTransfer.transferredOn'), note: () => t('recordTransfer.note') };
  const validate = zodValidate(RecordBankTransferBody, labels, { amount: () => v.positiveInteger(t('recordTransfer.amount')) });
  const bodyOf = (v: { amount: number | string; transferred_on: string; note: string }) => ({ amount: typedE6(v.amount), transferred_on: v.transferred_on, note: v.note.trim() });
  const form = useForm({
    initialValues: { amount: yenOf(remainingE6) as number | string, transferred_on: tokyoToday(), note: '' },
    validate: (values) => {
      const errors = validate(bodyOf(values));
      const amount = bodyOf(values).amount;
      if (!errors.amount && amount !== undefined && amount > remainingE6) errors.amount = v.atMost(t('recordTransfer.amount'), yen(remainingE6));
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    step.mutate(RecordBankTransferBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('recordTransfer.done'));
        onClose();
      },
      onError: (error) => showError(form, error, { amount: 'amount', transferred_on: 'transferred_on', note: 'note' }, labels),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('recordTransfer.title')} size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
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
  const { t } = useTranslation(['payments', 'common']);
  const step = usePaymentStep((body: AdjustAmountBody) => adjustAmount(bookingId, body), { silent: true });
  const labels = { total_amount: () => t('adjustAmount.total'), reason: () => t('adjustAmount.reason') };
  const validate = zodValidate(AdjustAmountBody, labels, { total_amount: () => v.nonNegativeInteger(t('adjustAmount.total')) });
  const bodyOf = (v: { total_amount: number | string; reason: string }) => ({ total_amount: typedE6(v.total_amount), reason: v.reason.trim() });
  const form = useForm({ initialValues: { total_amount: yenOf(totalE6) as number | string, reason: '' }, validate: (values) => validate(bodyOf(values)) });
  const submit = form.onSubmit((values) =>
    step.mutate(AdjustAmountBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('adjustAmount.done'));
        onClose();
      },
      // The state machine names a refused amount `amount`.
      onError: (error) => showError(form, error, { total_amount: 'total_amount', amount: 'total_amount', reason: 'reason' }, labels),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('adjustAmount.title')} size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
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

/** A refund answer that says nothing was done (bad input, more than the booking holds): the next try is a new refund. */
const refusedRefund = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.code === 'REFUND_EXCEEDS_PAID');

/**
 * The operator gives back all (the default) or part of what the booking holds, with a reason,
 * told first how the money goes back (`route`). One idempotency key per opening of the dialog,
 * and one request at a time: a double click or a retry after a lost answer is one refund.
 */
export function RefundModal({ bookingId, paymentId, maxE6, route, onClose }: { bookingId: string; paymentId: number; maxE6: number; route: RefundRoute; onClose: Close }) {
  const { t } = useTranslation(['payments', 'common']);
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const sending = useRef(false);
  const step = usePaymentStep((body: RefundBody) => refundPayment(bookingId, paymentId, body), { silent: true });
  const labels = { amount: () => t('refund.amount'), scope: () => t('refund.amount'), reason: () => t('refund.reason') };
  const validate = zodValidate(RefundBody, labels, { amount: () => v.positiveInteger(t('refund.amount')) });
  type Values = { scope: 'full' | 'part'; amount: number | string; reason: string };
  const bodyOf = (v: Values) => ({ amount: v.scope === 'full' ? maxE6 : typedE6(v.amount), reason: v.reason.trim(), idempotency_key: idempotencyKey });
  // Refunding everything shows no amount field: its errors go on the choice.
  const amountField = (v: Values) => (v.scope === 'full' ? 'scope' : 'amount');
  const form = useForm<Values>({
    initialValues: { scope: 'full', amount: yenOf(maxE6), reason: '' },
    validate: (values) => {
      const { amount: amountError, ...errors } = validate(bodyOf(values));
      const amount = bodyOf(values).amount;
      const tooLarge = !amountError && amount !== undefined && amount > maxE6 ? v.atMost(t('refund.amount'), yen(maxE6)) : undefined;
      const message = amountError ?? tooLarge;
      return message ? { ...errors, [amountField(values)]: message } : errors;
    },
  });
  const chosen = bodyOf(form.values).amount;
  const send = (values: Values) => {
    if (sending.current) return;
    sending.current = true;
    step.mutate(RefundBody.parse(bodyOf(values)), {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: () => {
        notifySuccess(t('refund.done'));
        onClose();
      },
      onError: (error) => {
        if (refusedRefund(error)) setIdempotencyKey(crypto.randomUUID());
        // More than the booking holds (409, no field) is about the amount too.
        const onAmount = error instanceof ApiError && (error.field === 'amount' || error.code === 'REFUND_EXCEEDS_PAID');
        if (onAmount) form.setFieldError(amountField(values), errorMessage(error));
        else showError(form, error, { reason: 'reason' }, labels);
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('refund.title')} size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={(event) => form.onSubmit(send)(event)} noValidate aria-label={t('refund.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('refund.intro')}</Text>
          <Text size="sm" fw={600} data-testid="refund-available">
            {t('refund.available', { amount: yen(maxE6) })}
          </Text>
          <Radio.Group label={t('refund.scope')} required {...form.getInputProps('scope')}>
            <Stack gap={6} mt={4}>
              <Radio value="full" label={t('refund.full', { amount: yen(maxE6) })} />
              <Radio value="part" label={t('refund.part')} />
            </Stack>
          </Radio.Group>
          {form.values.scope === 'part' && <YenInput label={t('refund.amount')} unit={t('yenUnit')} min={1} {...form.getInputProps('amount')} />}
          <Textarea label={t('refund.reason')} required autosize minRows={2} {...form.getInputProps('reason')} {...counted(form.values.reason, REFUND_NOTE_MAX)} />
          <Text size="sm" fw={600} data-testid="refund-how">
            {t(`refund.how.${route}`, { amount: yen(chosen !== undefined && chosen > 0 && chosen <= maxE6 ? chosen : maxE6) })}
          </Text>
          {/* Money sent back cannot be taken back: 閉じる, not キャンセル (which reads like cancelling the booking), and red. */}
          <FormModalActions saving={step.isPending} onCancel={onClose} cancelLabel={t('common:actions.close')} submitLabel={t('refund.submit')} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}

/** The operator records that a refund it owed was paid back: the day, and a note. */
export function RecordRefundPaidModal({ bookingId, refund, onClose }: { bookingId: string; refund: PaymentRefund; onClose: Close }) {
  const { t } = useTranslation(['payments', 'common']);
  const step = usePaymentStep((body: RecordRefundPaidBody) => recordRefundPaid(bookingId, refund.payment_id, body), { silent: true });
  const labels = { paid_on: () => t('recordRefund.paidOn'), note: () => t('recordRefund.note') };
  const validate = zodValidate(RecordRefundPaidBody, labels);
  const bodyOf = (v: { paid_on: string; note: string }) => ({ paid_on: v.paid_on, note: v.note.trim() });
  const form = useForm({ initialValues: { paid_on: tokyoToday(), note: '' }, validate: (values) => validate(bodyOf(values)) });
  const submit = form.onSubmit((values) =>
    step.mutate(RecordRefundPaidBody.parse(bodyOf(values)), {
      onSuccess: () => {
        notifySuccess(t('recordRefund.done'));
        onClose();
      },
      onError: (error) => showError(form, error, { paid_on: 'paid_on', note: 'note' }, labels),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('recordRefund.title')} size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={t('recordRefund.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('recordRefund.intro')}</Text>
          <Text size="sm" fw={600}>
            {t('recordRefund.amount', { amount: t('yen', { amount: formatYen(owedE6({ totalE6: refund.total_amount, paidE6: refund.refunded_amount })) }) })}
          </Text>
          <DateField label={t('recordRefund.paidOn')} required data-autofocus {...form.getInputProps('paid_on')} />
          <Textarea label={t('recordRefund.note')} placeholder={t('recordRefund.notePlaceholder')} autosize minRows={2} {...form.getInputProps('note')} {...counted(form.values.note, MAX_TRANSFER_NOTE)} />
          <FormModalActions saving={step.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCreditCard, IconFileDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentDetail, PaymentDiscrepancy, PaymentFlags } from '@sagano/domain/payments/payment-schemas';
import { owedE6 } from '@sagano/domain/payments/money-terms';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { closeAndNotify } from '../../../lib/notify.ts';
import { formatYen } from '../../../lib/yen.ts';
import { finishCancelPayment, startCardPayment, usePaymentStep } from '../api/payment-steps.ts';
import { BookingAccount, refundsOf } from './booking-account.tsx';
import { leavePage } from './leave-page.ts';
import { OverdueBadge, PaymentStatusBadge } from './payment-status-badge.tsx';
// The step dialogs (and zod, which checks their fields) are downloaded when one is opened.
const CouponModal = lazy(() => import('./payment-step-modals.tsx').then((m) => ({ default: m.CouponModal })));
const RecordTransferModal = lazy(() => import('./payment-step-modals.tsx').then((m) => ({ default: m.RecordTransferModal })));
const AdjustAmountModal = lazy(() => import('./payment-step-modals.tsx').then((m) => ({ default: m.AdjustAmountModal })));

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** A payment the actions act on: the payment itself, or its discrepancy (its own id and flags). */
interface Target {
  paymentId: number;
  flags: PaymentFlags;
  remainingE6: number;
  couponNumber: string | null;
}

type Dialog =
  | { kind: 'reportCoupon' | 'correctCoupon' | 'recordTransfer'; target: Target }
  | { kind: 'adjust' | 'finish' };

/** The due date, the overdue badge beside it while money is still awaited. */
function DueDate({ date, overdue }: { date: string | null; overdue: boolean }) {
  if (!date) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{date}</span>
      {overdue && <OverdueBadge />}
    </Group>
  );
}

/**
 * The buttons one payment's flags allow: pay by card and report the coupon (the agent), correct
 * the coupon number and record money received (the operator). A refund discrepancy is money going
 * back: nothing is paid or couponed against it here.
 */
/** Whether TargetActions shows anything for this target. */
const hasTargetActions = ({ flags }: Target, refund: boolean) =>
  flags.can_correct_coupon_number || (!refund && (flags.can_pay || flags.can_issue_coupon || flags.can_record_transfer));

function TargetActions({ target, refund, paying, onPay, onOpen, payLabel }: { target: Target; refund: boolean; paying: boolean; onPay: () => void; onOpen: (d: Dialog) => void; payLabel: string }) {
  const { t } = useTranslation('payments');
  const { flags } = target;
  return (
    <>
      {flags.can_pay && !refund && (
        <Button leftSection={<IconCreditCard size={16} aria-hidden />} loading={paying} onClick={onPay}>
          {payLabel}
        </Button>
      )}
      {flags.can_issue_coupon && !refund && (
        <Button variant="light" onClick={() => onOpen({ kind: 'reportCoupon', target })}>
          {t('actions.reportCoupon')}
        </Button>
      )}
      {flags.can_correct_coupon_number && (
        <Button variant="default" onClick={() => onOpen({ kind: 'correctCoupon', target })}>
          {t('actions.correctCoupon')}
        </Button>
      )}
      {flags.can_record_transfer && !refund && (
        <Button variant="light" onClick={() => onOpen({ kind: 'recordTransfer', target })}>
          {t('actions.recordTransfer')}
        </Button>
      )}
    </>
  );
}

/** The PDF links a payment has now (請求書 / 領収書 / 返還請求書); the server issues each on its first download. */
function DocumentLinks({ links, testId }: { links: { kind: 'invoice' | 'receipt' | 'returnInvoice'; url: string | null }[]; testId: string }) {
  const { t } = useTranslation('payments');
  const present = links.filter((l): l is { kind: 'invoice' | 'receipt' | 'returnInvoice'; url: string } => l.url !== null);
  if (present.length === 0) return null;
  return (
    <Group gap="md" role="group" aria-label={t('documents.label')} data-testid={testId}>
      {present.map((l) => (
        <Anchor key={l.kind} href={l.url} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid={`${testId}-${l.kind}`}>
          <IconFileDownload size={16} aria-hidden />
          {t(`documents.${l.kind}`)}
        </Anchor>
      ))}
    </Group>
  );
}

function DiscrepancyBlock({ discrepancy, actions }: { discrepancy: PaymentDiscrepancy; actions: ReactNode }) {
  const { t } = useTranslation('payments');
  const refund = discrepancy.direction === 'REFUND';
  return (
    <Paper withBorder p="sm" radius="sm" bg={refund ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-orange-0)'} data-testid="payment-discrepancy">
      <Text size="sm" fw={700} mb={6}>
        {t(`panel.discrepancy.${discrepancy.direction}`)}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <Field label={t('panel.discrepancy.amount')}>{t('yen', { amount: formatYen(discrepancy.total_amount) })}</Field>
        <Field label={t('panel.discrepancy.status')}>
          <PaymentStatusBadge status={discrepancy.status} refund={refund} />
        </Field>
        {discrepancy.due_date && (
          <Field label={t('panel.discrepancy.dueDate')}>
            <DueDate date={discrepancy.due_date} overdue={discrepancy.is_overdue} />
          </Field>
        )}
      </SimpleGrid>
      <DocumentLinks
        testId="discrepancy-documents"
        links={[
          { kind: 'invoice', url: discrepancy.invoice_url },
          { kind: 'receipt', url: discrepancy.receipt_url },
          { kind: 'returnInvoice', url: discrepancy.return_invoice_url },
        ]}
      />
      {actions}
    </Paper>
  );
}

/**
 * One payment of a booking (the fare, or the cancellation fee) as both sides see it: what is
 * owed and paid, how, by when (期限超過 once late), the coupon, the discrepancy after a change,
 * and exactly the actions its flags allow for the caller. The adjustment is the fare's, the
 * irreversible end of a cancellation payment the fee's. Below it the booking's account (billed,
 * received, refunded, balance) and its refunds, with those of `related` payments not drawn
 * (the fare before a cancellation fee).
 */
export function PaymentPanel({ bookingId, payment, related = [] }: { bookingId: string; payment: PaymentDetail; related?: readonly PaymentDetail[] }) {
  const { t } = useTranslation(['payments', 'common']);
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Kept true after the checkout answers, while the browser leaves for the provider's page.
  const [leaving, setLeaving] = useState<number | null>(null);
  const pay = usePaymentStep((paymentId: number) => startCardPayment(bookingId, paymentId));
  const finish = usePaymentStep(() => finishCancelPayment(bookingId));
  const close = () => setDialog(null);

  const startPaying = (paymentId: number) => {
    setLeaving(paymentId);
    pay.mutate(paymentId, { onSuccess: ({ checkout_url }) => leavePage(checkout_url), onError: () => setLeaving(null) });
  };

  const cancellation = payment.kind === 'CANCELLATION';
  const own: Target = { paymentId: payment.payment_id, flags: payment.flags, remainingE6: owedE6({ totalE6: payment.total_amount, paidE6: payment.paid_amount }), couponNumber: payment.coupon_number };
  const discrepancy = payment.discrepancy;
  const discrepancyTarget: Target | null = discrepancy && {
    paymentId: discrepancy.payment_id,
    flags: discrepancy.flags,
    remainingE6: owedE6({ totalE6: discrepancy.total_amount, paidE6: discrepancy.paid_amount }),
    couponNumber: null,
  };
  const canAdjust = payment.kind === 'FARE' && payment.flags.can_adjust_amount;
  const canFinish = cancellation && payment.flags.can_finish_cancel_payment;
  const ownActions = (
    <TargetActions target={own} refund={false} paying={leaving === own.paymentId} onPay={() => startPaying(own.paymentId)} onOpen={setDialog} payLabel={t('actions.pay')} />
  );
  const hasOwnActions = hasTargetActions(own, false) || canAdjust || canFinish;
  const showCoupon = payment.payment_method === 'COUPON' || payment.coupon_number !== null;
  const account = [payment, ...related];
  // A refund difference is one of the refunds the account lists (with its return invoice): not shown twice.
  const listedRefund = discrepancy?.direction === 'REFUND' && refundsOf(account).some((r) => r.payment_id === discrepancy.payment_id);

  return (
    <Stack gap="sm" data-testid={`payment-panel-${payment.kind.toLowerCase()}`}>
      <Group gap={6} wrap="wrap">
        <PaymentStatusBadge status={payment.status} />
        {payment.is_total_amount_fixed && (
          <Tooltip label={t('panel.totalFixedHint')} multiline w={260} withArrow>
            <Badge color="grape" variant="light" radius="sm" miw="max-content" tabIndex={0} data-testid="payment-total-fixed">
              {t('panel.totalFixed')}
            </Badge>
          </Tooltip>
        )}
        {payment.is_cancel_payment_finished && (
          <Badge color="gray" variant="outline" radius="sm" miw="max-content">
            {t('panel.cancelPaymentFinished')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        {/* What this payment is for; what the booking received and gave back is the account's, below. */}
        <Field label={t(cancellation ? 'panel.fields.cancellationFee' : 'panel.fields.fare')} testId="payment-total">
          {yen(payment.total_amount)}
        </Field>
        <Field label={t('panel.fields.method')}>{t(`method.${payment.payment_method}`)}</Field>
        <Field label={t('panel.fields.dueDate')} testId="payment-due-date">
          {payment.due_date && (
            <Stack gap={0}>
              <DueDate date={payment.due_date} overdue={payment.is_overdue} />
              {payment.normal_due_date && payment.normal_due_date !== payment.due_date && (
                <Text size="xs" c="dimmed">
                  {t('panel.fields.normalDueDate', { date: payment.normal_due_date })}
                </Text>
              )}
            </Stack>
          )}
        </Field>
        {showCoupon && (
          <Field label={t('panel.fields.couponNumber')} testId="payment-coupon-number">
            {payment.coupon_number}
          </Field>
        )}
        {payment.transaction_id && (
          <Field label={t('panel.fields.transactionId')}>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {payment.transaction_id}
            </Text>
          </Field>
        )}
      </SimpleGrid>
      {payment.status === 'INVOICE_PENDING' && payment.expected_billing_date && (
        <Text size="sm" c="dimmed" data-testid="payment-expected-billing">
          {t('panel.expectedBilling', { date: payment.expected_billing_date })}
        </Text>
      )}
      <DocumentLinks
        testId="payment-documents"
        links={[
          { kind: 'invoice', url: payment.invoice_url },
          { kind: 'receipt', url: payment.receipt_url },
        ]}
      />
      {discrepancy && discrepancyTarget && !listedRefund && (
        <DiscrepancyBlock
          discrepancy={discrepancy}
          actions={
            hasTargetActions(discrepancyTarget, discrepancy.direction === 'REFUND') && (
            <Group gap="xs" mt="sm">
              <TargetActions
                target={discrepancyTarget}
                refund={discrepancy.direction === 'REFUND'}
                paying={leaving === discrepancyTarget.paymentId}
                onPay={() => startPaying(discrepancyTarget.paymentId)}
                onOpen={setDialog}
                payLabel={t('actions.payDiscrepancy')}
              />
            </Group>
            )
          }
        />
      )}
      <BookingAccount bookingId={bookingId} payments={account} />
      {hasOwnActions && (
        <Group gap="xs" role="group" aria-label={t('panel.actionsLabel')}>
          {ownActions}
          {canAdjust && (
            <Button variant="default" onClick={() => setDialog({ kind: 'adjust' })}>
              {t('actions.adjustAmount')}
            </Button>
          )}
          {canFinish && (
            <Button color="red" variant="outline" onClick={() => setDialog({ kind: 'finish' })}>
              {t('actions.finishCancelPayment')}
            </Button>
          )}
        </Group>
      )}

      <Suspense fallback={null}>
      {(dialog?.kind === 'reportCoupon' || dialog?.kind === 'correctCoupon') && (
        <CouponModal
          mode={dialog.kind === 'reportCoupon' ? 'report' : 'correct'}
          bookingId={bookingId}
          paymentId={dialog.target.paymentId}
          current={dialog.target.couponNumber}
          onClose={close}
        />
      )}
      {dialog?.kind === 'recordTransfer' && <RecordTransferModal bookingId={bookingId} paymentId={dialog.target.paymentId} remainingE6={dialog.target.remainingE6} onClose={close} />}
      {dialog?.kind === 'adjust' && <AdjustAmountModal bookingId={bookingId} totalE6={payment.total_amount} onClose={close} />}
      </Suspense>
      <ConfirmModal
        opened={dialog?.kind === 'finish'}
        title={t('finishCancelPayment.title')}
        message={t('finishCancelPayment.message')}
        confirmLabel={t('finishCancelPayment.confirm')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={finish.isPending}
        onClose={close}
        onConfirm={() => finish.mutate(undefined, closeAndNotify(close, t('finishCancelPayment.done')))}
      />
    </Stack>
  );
}

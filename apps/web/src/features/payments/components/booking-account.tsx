import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingMoney, PaymentDetail, PaymentRefund } from '@sagano/domain/payments/payment-schemas';
import { refundRouteOf } from '@sagano/domain/payments/payment-ledger';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatYen } from '../../../lib/yen.ts';
import { paymentStatusColor } from '../../../components/payment-status-colors.ts';
// The dialogs (and zod, which checks their fields) are downloaded when one is opened.
const RefundModal = lazy(() => import('./payment-step-modals.tsx').then((m) => ({ default: m.RefundModal })));
const RecordRefundPaidModal = lazy(() => import('./payment-step-modals.tsx').then((m) => ({ default: m.RecordRefundPaidModal })));

const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box style={{ display: 'contents' }}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" ta="right" style={amountStyle} data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}

/** What the booking can still give back: what came in, less what went back and what is already promised back. */
export const refundableE6 = (money: BookingMoney) => Math.max(0, money.received_amount - money.refunded_amount - money.owed_back_amount);

/**
 * The booking's three figures and its balance (payment-ledger.ts bookingMoney): billed, received,
 * refunded, and the balance in words by its sign: still to pay (お支払い残) or to be refunded
 * (ご返金予定). The same figures on every payment of the booking.
 */
export function BookingMoneyFigures({ money }: { money: BookingMoney }) {
  const { t } = useTranslation('payments');
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const balance = money.balance_amount;
  const balanceLabel = balance > 0 ? 'money.balanceDue' : balance < 0 ? 'money.toRefund' : 'money.balance';
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: '1fr max-content', columnGap: 'var(--mantine-spacing-md)', rowGap: 4 }} data-testid="booking-money">
      <Figure label={t('money.billed')} testId="money-billed">
        {yen(money.billed_amount)}
      </Figure>
      {/* payment-paid: what the browser journeys read as "paid" since before the account existed. */}
      <Figure label={t('money.received')} testId="payment-paid">
        {yen(money.received_amount)}
      </Figure>
      <Figure label={t('money.refunded')} testId="money-refunded">
        {yen(money.refunded_amount)}
      </Figure>
      <Figure label={t(balanceLabel)} testId="money-balance">
        <Text component="span" size="sm" fw={700} style={amountStyle}>
          {yen(Math.abs(balance))}
        </Text>
        {money.owed_back_amount > 0 && (
          <Text size="xs" c="dimmed" data-testid="money-owed-back">
            {t('money.owedBack', { amount: yen(money.owed_back_amount) })}
          </Text>
        )}
      </Figure>
    </Box>
  );
}

/** One refund: how much, why and how it goes back, where it stands, when and by whom, its return invoice. */
function RefundItem({ refund, onRecord }: { refund: PaymentRefund; onRecord: () => void }) {
  const { t } = useTranslation('payments');
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const done = refund.status === 'PAYMENT_CONFIRMED';
  const statusLabel = refund.status === 'PAYMENT_PENDING' || refund.status === 'PAYMENT_CONFIRMED' ? t(`refundStatus.${refund.status}`) : t(`status.${refund.status}`);
  const partly = !done && refund.refunded_amount > 0;
  return (
    <Paper component="li" withBorder p="xs" radius="sm" style={{ listStyle: 'none' }} data-testid={`refund-${refund.payment_id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={700} style={amountStyle} data-testid="refund-amount">
            {yen(refund.total_amount)}
          </Text>
          {/* The words say the state; the colour only repeats them. */}
          <Badge color={paymentStatusColor(refund.status, true)} variant="light" radius="sm" miw="max-content" data-testid="refund-status">
            {statusLabel}
          </Badge>
        </Group>
        {partly && (
          <Text size="xs" c="dimmed">
            {t('refunds.partlyRefunded', { amount: yen(refund.refunded_amount) })}
          </Text>
        )}
        <Text size="xs">
          <Text span size="xs" c="dimmed">
            {t('refunds.reason')}:{' '}
          </Text>
          <span data-testid="refund-reason">{t(`refunds.reasons.${refund.reason}`)}</span>
          {refund.note && <span data-testid="refund-note">{t('refunds.note', { note: refund.note })}</span>}
        </Text>
        <Text size="xs">
          <Text span size="xs" c="dimmed">
            {t('refunds.route')}:{' '}
          </Text>
          <span data-testid="refund-route">{t(`refunds.routes.${refund.route}`)}</span>
        </Text>
        <Text size="xs" c="dimmed" data-testid="refund-when">
          {t('refunds.requestedAt')}: {formatDateTime(refund.created_at)}
          {refund.requested_by && ` / ${t('refunds.requestedBy')}: ${refund.requested_by}`}
        </Text>
        {(refund.return_invoice_url || refund.can_record_refund) && (
          <Group gap="sm" justify="space-between" wrap="wrap">
            {refund.return_invoice_url ? (
              <Anchor href={refund.return_invoice_url} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid="refund-return-invoice">
                <IconFileDownload size={16} aria-hidden />
                {t('documents.returnInvoice')}
              </Anchor>
            ) : (
              <span />
            )}
            {refund.can_record_refund && (
              <Button size="xs" variant="light" onClick={onRecord}>
                {t('actions.recordRefund')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The refunds of the given payments, each once, oldest first. */
export function refundsOf(payments: readonly PaymentDetail[]): PaymentRefund[] {
  const byId = new Map<number, PaymentRefund>();
  for (const p of payments) for (const r of p.refunds) byId.set(r.payment_id, r);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.payment_id - b.payment_id);
}

/**
 * A booking's account on its page: the three figures and the balance, the refunds (recorded as
 * paid back by the operator where it owes one), and the operator's refund where a payment's
 * flags allow it. `payments`: the booking's payments this part of the screen stands for (the
 * fare, or the cancellation fee and the fare before it); the first one's `booking_money` is the
 * booking's.
 */
export function BookingAccount({ bookingId, payments }: { bookingId: string; payments: readonly PaymentDetail[] }) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const refundsHeadingId = useId();
  const [dialog, setDialog] = useState<{ kind: 'refund'; payment: PaymentDetail } | { kind: 'record'; refund: PaymentRefund } | null>(null);
  const first = payments[0];
  if (!first) return null;
  const money = first.booking_money;
  const refunds = refundsOf(payments);
  // The fare of a live booking, the fee of a cancelled one (the server's flag says which).
  const refundable = payments.find((p) => p.flags.can_refund);
  const maxE6 = refundableE6(money);
  const close = () => setDialog(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="booking-account">
      <Title order={3} size="h6" id={headingId}>
        {t('money.title')}
      </Title>
      <BookingMoneyFigures money={money} />
      {refunds.length > 0 && (
        <Stack gap={6} component="section" aria-labelledby={refundsHeadingId}>
          <Title order={4} size="sm" id={refundsHeadingId}>
            {t('refunds.title')}
          </Title>
          <Stack gap={6} component="ul" m={0} p={0} aria-labelledby={refundsHeadingId} data-testid="refund-list">
            {refunds.map((refund) => (
              <RefundItem key={refund.payment_id} refund={refund} onRecord={() => setDialog({ kind: 'record', refund })} />
            ))}
          </Stack>
        </Stack>
      )}
      {refundable && maxE6 > 0 && (
        <Group gap="xs">
          <Button variant="default" onClick={() => setDialog({ kind: 'refund', payment: refundable })}>
            {t('actions.refund')}
          </Button>
        </Group>
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'refund' && (
          <RefundModal bookingId={bookingId} paymentId={dialog.payment.payment_id} maxE6={maxE6} route={refundRouteOf(dialog.payment.payment_method)} onClose={close} />
        )}
        {dialog?.kind === 'record' && <RecordRefundPaidModal bookingId={bookingId} refund={dialog.refund} onClose={close} />}
      </Suspense>
    </Stack>
  );
}

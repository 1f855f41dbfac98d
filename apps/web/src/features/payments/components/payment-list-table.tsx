import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@sagano/domain/payments/payment-state';
import { paymentStatusColor } from '../../../components/payment-status-colors.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { formatYen } from '../../../lib/yen.ts';
import type { PaymentSearchRow } from '../api/search-payments.ts';
import { useAgentName } from '../../../lib/agent-name.ts';

/** The payment status in words (the colour only repeats them); in English as written, not capitals, so the row stays narrow. */
export function PaymentListStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('paymentList');
  return (
    <Badge color={paymentStatusColor(status)} variant="light" radius="sm" miw="max-content" tt="none">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}

/** Money owed back: 「返金待ち」 until it has gone back, not the payer's 「入金待ち」. */
function RefundStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('paymentList');
  if (status !== 'PAYMENT_PENDING' && status !== 'PAYMENT_CONFIRMED') return <PaymentListStatusBadge status={status} />;
  return (
    <Badge color={paymentStatusColor(status, true)} variant="light" radius="sm" miw="max-content" tt="none">
      {t(`discrepancy.refund.${status}`)}
    </Badge>
  );
}

/** Red, in words: waiting for money past its due date. */
export function OverdueBadge() {
  const { t } = useTranslation('paymentList');
  return (
    <Badge color="red" variant="filled" radius="sm" miw="max-content" data-testid="overdue-badge">
      {t('overdue')}
    </Badge>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;
const amount = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A booking not confirmed yet has no fare; one refused or cancelled before that never will. */
function NoPayment({ row }: { row: PaymentSearchRow }) {
  const { t } = useTranslation('paymentList');
  const never = row.status === 'NOT_RESERVED' || row.status === 'CANCELLED';
  return (
    <Text size="sm" c="dimmed" title={never ? undefined : t('table.noPaymentHint')}>
      {never ? t('table.noBill') : t('table.noPayment')}
    </Text>
  );
}

function Discrepancy({ discrepancy }: { discrepancy: NonNullable<PaymentSearchRow['payment']>['discrepancy'] }) {
  const { t } = useTranslation('paymentList');
  if (!discrepancy) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('discrepancy.none')}>
        —
      </Text>
    );
  }
  const yen = t('yen', { amount: formatYen(discrepancy.total_amount) });
  return (
    <Stack gap={4} data-testid="discrepancy">
      <Badge color={discrepancy.direction === 'EXTRA' ? 'orange' : 'blue'} variant="outline" radius="sm" miw="max-content" tt="none">
        {t(`discrepancy.${discrepancy.direction}`, { amount: yen })}
      </Badge>
      <Group gap={4}>
        {discrepancy.direction === 'REFUND' ? <RefundStatusBadge status={discrepancy.status} /> : <PaymentListStatusBadge status={discrepancy.status} />}
        {discrepancy.is_overdue && <OverdueBadge />}
      </Group>
      {discrepancy.due_date && (
        <Text size="xs" c={discrepancy.is_overdue ? 'red' : 'dimmed'} style={nowrap}>
          {t('discrepancy.dueDate', { date: discrepancy.due_date })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One row per booking: its fare (method, status, due date and whether it is overdue), the
 * booking's account (billed, received, refunded: the same figures as on its page) and any
 * difference opened by a change after payment. The agent column is the back office's: agents
 * see their own bookings only.
 */
export function PaymentListTable({ rows, agent }: { rows: PaymentSearchRow[]; /** Agent staff: no agent column, the amounts in the payer's words. */ agent: boolean }) {
  const { t } = useTranslation(['paymentList', 'common']);
  const agentName = useAgentName();
  const yen = (value: number) => t('yen', { amount: formatYen(value) });
  const showAgent = !agent;
  const columns = showAgent ? 11 : 10;
  const moneyColumns = agent ? 'agentColumns' : 'columns';
  return (
    <Table.ScrollContainer minWidth={showAgent ? 1040 : 900}>
      <Table aria-label={t('table.label')} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.bookingId')}</Table.Th>
            <Table.Th miw={120}>{t('columns.group')}</Table.Th>
            {showAgent && <Table.Th miw={120}>{t('columns.agent')}</Table.Th>}
            <Table.Th style={nowrap}>{t('columns.serviceDate')}</Table.Th>
            <Table.Th miw={90}>{t('columns.method')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th ta="right" style={nowrap}>
              {t(`${moneyColumns}.billed`)}
            </Table.Th>
            <Table.Th ta="right" style={nowrap}>
              {t(`${moneyColumns}.received`)}
            </Table.Th>
            <Table.Th ta="right" style={nowrap}>
              {t(`${moneyColumns}.refunded`)}
            </Table.Th>
            <Table.Th style={nowrap}>{t('columns.dueDate')}</Table.Th>
            <Table.Th miw={110}>{t('columns.discrepancy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <TableEmptyRow colSpan={columns}>{t('common:status.noResults')}</TableEmptyRow>}
          {rows.map((row) => {
            const payment = row.payment;
            return (
              <Table.Tr key={row.booking_id} data-testid={`payment-row-${row.booking_id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/bookings/${row.booking_id}`} ff="monospace" aria-label={t('table.openBooking', { id: row.booking_id })}>
                    {row.booking_id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.group_name}</Text>
                </Table.Td>
                {showAgent && (
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">{agentName(row.agent.name, row.agent.name_en)}</Text>
                      <Text size="xs" c="dimmed">
                        {agentName(row.agent_sub_group_name, row.agent_sub_group_name_en)}
                      </Text>
                    </Stack>
                  </Table.Td>
                )}
                <Table.Td style={nowrap}>{row.service_date}</Table.Td>
                {payment ? (
                  <>
                    <Table.Td>
                      {/* Breaks at the bracket or space (カード / (オンライン)), never inside a word. */}
                      <Text size="sm" style={{ wordBreak: 'keep-all' }}>
                        {t(`paymentMethod.${payment.payment_method}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <PaymentListStatusBadge status={payment.status} />
                    </Table.Td>
                    <Table.Td ta="right" style={amount} data-testid="billed">
                      {payment.status === 'NO_NEED_TO_PAY' && payment.booking_money.billed_amount === 0 ? (
                        // The fare stays on record, but nothing is owed: struck through, and said so.
                        <Text component="s" size="sm" c="dimmed" title={t('table.nothingToPay')}>
                          {yen(payment.total_amount)}
                        </Text>
                      ) : (
                        yen(payment.booking_money.billed_amount)
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={amount} data-testid="received">
                      {yen(payment.booking_money.received_amount)}
                    </Table.Td>
                    <Table.Td ta="right" style={amount} data-testid="refunded">
                      {yen(payment.booking_money.refunded_amount)}
                      {payment.booking_money.owed_back_amount > 0 && (
                        <Text size="xs" c="blue.8" style={nowrap}>
                          {t('table.owedBack', { amount: yen(payment.booking_money.owed_back_amount) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm" c={payment.is_overdue ? 'red' : undefined} fw={payment.is_overdue ? 700 : undefined} style={nowrap}>
                          {payment.due_date ?? '—'}
                        </Text>
                        {payment.is_overdue && <OverdueBadge />}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Discrepancy discrepancy={payment.discrepancy} />
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={7}>
                    <NoPayment row={row} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

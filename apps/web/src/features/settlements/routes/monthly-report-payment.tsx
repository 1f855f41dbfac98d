import { Anchor, Badge, Button, Paper, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import type { SettlementPayment, SettlementPaymentList } from '@sagano/domain/settlements/settlement-schemas';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paymentStatusColor } from '../../../components/payment-status-colors.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatYen } from '../../../lib/yen.ts';
import { useGroupSettlements } from '../api/get-group-settlements.ts';
import { useSettlementPayments } from '../api/get-settlement-payments.ts';
import { ConfirmPaymentModal } from '../components/confirm-payment-modal.tsx';
import { PeriodText, SettlementStatusBadge } from '../components/settlement-badges.tsx';
import { amountStyle, BackLink, Field, idParam, InvoiceLink, Loading, SumFields, SummaryCard } from '../components/settlement-parts.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import type { PaymentStatus } from '@sagano/domain/payments/payment-state';

function PaymentStatus({ payment }: { payment: SettlementPayment }) {
  const { t } = useTranslation('settlements');
  return (
    <Badge color={paymentStatusColor(payment.status as PaymentStatus)} variant="light" radius="sm" miw="max-content" tt="none" data-testid="payment-status">
      {t(`bookingPaymentStatus.${payment.status as PaymentStatus}`)}
    </Badge>
  );
}

function BranchPayments({ data }: { data: SettlementPaymentList }) {
  const { t } = useTranslation(['settlements', 'common']);
  const agentName = useAgentName();
  const agentPortal = capabilitiesOf(useCurrentUser()).agentPortal;
  const group = data.group_settlement;
  // The agent settlement the branch belongs to: whether its monthly payment may be confirmed now.
  const parent = useGroupSettlements(group.agent_settlement_id).data?.agent_settlement;
  const [confirming, setConfirming] = useState(false);
  const yen = (value: number) => t('yen', { amount: formatYen(value) });
  const canConfirm = !agentPortal && parent?.can_confirm_payment === true;
  return (
    <>
      <BackLink to={`/monthly-report/${group.agent_settlement_id}`} label={t('backToBranches')} />
      <PageHeader
        title={parent ? t('payments.titleWithAgent', { agent: agentName(parent.agent.name, parent.agent.name_en), branch: group.group.name }) : t('payments.title', { branch: group.group.name })}
        description={t('payments.description')}
        actions={
          canConfirm && (
            <Button color="red" variant="light" leftSection={<IconCash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
              {t('confirmPayment.open')}
            </Button>
          )
        }
      />
      <SummaryCard>
        <Field label={t('columns.period')}>
          <PeriodText duration={group.duration} />
        </Field>
        <Field label={t('columns.status')}>
          <SettlementStatusBadge status={group.payment_status} />
        </Field>
        <Field label={t('columns.deadline')}>{group.payment_deadline ?? '—'}</Field>
        <Field label={t('columns.invoice')}>
          {group.invoice_url ? <InvoiceLink url={group.invoice_url} label={group.invoice_number ?? t('columns.invoice')} testId="monthly-invoice" /> : t('noInvoice')}
        </Field>
        <SumFields sums={group} />
      </SummaryCard>
      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label={t('payments.label')} highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.bookingId')}</Table.Th>
                <Table.Th miw={120}>{t('columns.group')}</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.serviceDate')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.paymentStatus')}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('columns.billed')}
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('columns.paid')}
                </Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.deadline')}</Table.Th>
                <Table.Th>{t('columns.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.payments.length === 0 && <TableEmptyRow colSpan={9}>{t('common:status.noResults')}</TableEmptyRow>}
              {data.payments.map((p) => (
                <Table.Tr key={p.payment_id} data-testid={`settlement-payment-${p.payment_id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/bookings/${p.booking_id}`} ff="monospace" size="sm">
                      {p.booking_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.group_name}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.service_date}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t(`kind.${p.kind}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PaymentStatus payment={p} />
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {yen(p.total_amount)}
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {yen(p.paid_amount)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.payment_deadline ?? '—'}</Table.Td>
                  <Table.Td>{p.invoice_url ? <InvoiceLink url={p.invoice_url} label={t('columns.invoice')} /> : <Text size="sm" c="dimmed">—</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {confirming && parent && <ConfirmPaymentModal settlement={parent} onClose={() => setConfirming(false)} />}
    </>
  );
}

/** /monthly-report/payment/{groupSettlementId}: a branch's settlement, the payments it bills and their invoices; the back office confirms the month's payment here. */
export function Component() {
  const id = idParam(useParams().groupSettlementId);
  const query = useSettlementPayments(id);
  if (id === null || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))) return <NotFoundScreen />;
  if (!query.data) return <Loading visible={query.isPending} />;
  return <BranchPayments data={query.data} />;
}

/**
 * What an issued document prints (DESIGN §6), gathered once and frozen in its `content`: the
 * issuer (operator basic info), the recipient (the agent), the booking and its trains, the lines,
 * the totals per tax rate, and per kind the due date and transfer account (invoice), the paid date
 * and how it was paid (receipt), or the invoice it returns from (return invoice).
 */
import { documentNumber, type DocumentKind } from '@sagano/domain/invoices/document-numbers';
import { NOT_TAXABLE, STANDARD_TAX, balancedLines, documentAmounts, type AmountLine, type DocumentAmounts, type TaxClass } from '@sagano/domain/invoices/invoice-amounts';
import type { DocumentLine, InvoiceDocumentContent, PaidBy } from '@sagano/domain/invoices/invoice-schemas';
import { labelText, type LocalizedLabel } from '@sagano/domain/common/language';
import { tokyoDateOf } from '@sagano/domain/common/business-date';
import { percentOfRate } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import type { BookingAggregate } from '../booking-core/index.ts';
import { readIssuer, readStationsAndUnits, readTransferAccount, receivedMoney, type InvoiceDocumentRow, type PaymentRow } from './invoices.repository.ts';

type Line = AmountLine & { row: DocumentLine };

const taxOf = (line: DocumentLine): TaxClass => (line.tax_rate_percent === null ? NOT_TAXABLE : { kind: 'TAXED', ratePercent: line.tax_rate_percent });
const lineOf = (row: DocumentLine): Line => ({ amountE6: row.amount, tax: taxOf(row), row });
const ratePercentOf = (tax: TaxClass) => (tax.kind === 'TAXED' ? tax.ratePercent : null);

/** What a refund record returns, by its reason (the return invoice's line). */
const REFUND_LABELS: Partial<Record<string, string>> = {
  CHANGE: '予約内容の変更による減額',
  OPERATOR: '運賃の一部返金（当社による調整）',
  CANCELLATION: '取消による運賃の返金（取消料充当後の残額）',
  SUSPENSION: '運休による運賃の返金',
  OVERPAYMENT: '過入金の返金',
};

/** The priced lines of a payment, before balancing them to the document's total. */
function pricedLines(a: BookingAggregate, payment: PaymentRow, names: { unit(id: number): string; station(id: number): string }): Line[] {
  if (payment.kind === 'CANCELLATION') {
    const rate = a.booking.cancellationRateE6;
    const label = rate === null ? '取消料' : `取消料（${percentOfRate(rate)}%）`;
    return [lineOf({ label, unit_price: null, quantity: null, amount: payment.totalAmountE6, tax_rate_percent: null })];
  }
  if (payment.kind === 'DISCREPANCY') {
    const label = payment.direction === 'REFUND' ? (REFUND_LABELS[payment.refundReason ?? 'CHANGE'] ?? REFUND_LABELS.CHANGE!) : '予約内容の変更による追加料金';
    return [lineOf({ label, unit_price: null, quantity: null, amount: payment.totalAmountE6, tax_rate_percent: ratePercentOf(STANDARD_TAX) })];
  }
  const rate = ratePercentOf(STANDARD_TAX);
  const fares = a.services.flatMap((s) =>
    a.units
      .filter((u) => u.calculatedQuantity > 0 && u.unitPriceE6 > 0)
      .map((u) =>
        lineOf({
          label: `${names.unit(u.unitId)}（${s.serviceDate.slice(5).replace('-', '/')} ${names.station(s.fromStationId)}→${names.station(s.toStationId)}）`,
          unit_price: u.unitPriceE6,
          quantity: u.calculatedQuantity,
          amount: u.subtotalE6,
          tax_rate_percent: rate,
        }),
      ),
  );
  const decrements = a.units
    .filter((u) => u.decrementFeeE6 > 0)
    .map((u) => lineOf({ label: `減員手数料（${names.unit(u.unitId)}）`, unit_price: null, quantity: u.decrementQuantity, amount: u.decrementFeeE6, tax_rate_percent: rate }));
  return [...fares, ...decrements];
}

/** A document's amounts as its content states them: the totals and tax by rate, what is not taxable, the whole. */
export function amountsOf(amounts: DocumentAmounts): InvoiceDocumentContent['amounts'] {
  return {
    taxed: amounts.taxed.map((r) => ({ rate_percent: r.ratePercent, total: r.totalE6, tax: r.taxE6 })),
    not_taxable: amounts.notTaxableE6,
    total: amounts.totalE6,
    tax: amounts.taxE6,
  };
}

function paidByOf(method: string, received: { kind: string }[]): PaidBy {
  const latest = received[0]?.kind;
  if (latest === 'CARD_CAPTURE') return 'CARD';
  if (latest === 'BANK_TRANSFER') return 'BANK_TRANSFER';
  if (method === 'ONLINE_CREDIT_CARD') return 'CARD';
  return method === 'COUPON' ? 'COUPON' : 'BANK_TRANSFER';
}

export interface ContentInput {
  kind: DocumentKind;
  sequence: number;
  issueDate: string;
  aggregate: BookingAggregate;
  payment: PaymentRow;
  totalE6: number;
  /** The invoice this one replaces, or the one a return invoice returns from. */
  refersTo: Pick<InvoiceDocumentRow, 'documentNumber' | 'issuedOn'> | null;
  /** A return invoice without an earlier invoice names the day the original payment was settled. */
  originalDate: string | null;
}

export async function documentContent(db: Executor, input: ContentInput): Promise<InvoiceDocumentContent> {
  const { kind, aggregate: a, payment } = input;
  const [issuer, account, { stations, units }, received] = await Promise.all([
    readIssuer(db),
    kind === 'INVOICE' && payment.paymentMethod !== 'ONLINE_CREDIT_CARD' ? readTransferAccount(db) : Promise.resolve(undefined),
    readStationsAndUnits(db),
    kind === 'RECEIPT' ? receivedMoney(db, payment.id) : Promise.resolve([]),
  ]);
  const names = {
    unit: (id: number) => labelText((units.find((u) => u.id === id)?.name as LocalizedLabel[] | undefined) ?? [], 'ja') || String(id),
    station: (id: number) => labelText((stations.find((s) => s.stationId === id)?.labels as LocalizedLabel[] | undefined) ?? [], 'ja') || String(id),
  };
  const fallbackTax = payment.kind === 'CANCELLATION' ? NOT_TAXABLE : STANDARD_TAX;
  const lines = balancedLines(
    pricedLines(a, payment, names),
    input.totalE6,
    (amountE6, tax) => lineOf({ label: amountE6 < 0 ? '調整額（値引き）' : '調整額', unit_price: null, quantity: null, amount: amountE6, tax_rate_percent: ratePercentOf(tax) }),
    fallbackTax,
  );
  const amounts = documentAmounts(lines);
  const group = a.booking.group as { group_type: string; name: string };
  return {
    kind,
    document_number: documentNumber(kind, input.sequence),
    issue_date: input.issueDate,
    issuer,
    recipient: { agent_name: a.agent.nameJa, branch_name: a.subGroup.isRoot ? null : a.subGroup.nameJa },
    booking: {
      booking_id: a.booking.bookingId,
      group_name: a.booking.groupName,
      group_type: group.group_type,
      participants: a.booking.participantQuantity,
      services: a.services.map((s) => ({
        direction: s.direction,
        service_date: s.serviceDate,
        train_name: labelText(s.names, 'ja'),
        from_station: names.station(s.fromStationId),
        to_station: names.station(s.toStationId),
        departure_hhmm: s.departureHhmm,
        arrival_hhmm: s.arrivalHhmm,
      })),
    },
    payment: { payment_id: payment.id, kind: payment.kind, method: payment.paymentMethod },
    lines: lines.map((l) => l.row),
    amounts: amountsOf(amounts),
    due_date: kind === 'INVOICE' ? payment.dueDate : null,
    bank_account: account ?? null,
    paid_on: kind === 'RECEIPT' ? (received[0]?.occurredOn ?? (payment.confirmedAt ? tokyoDateOf(payment.confirmedAt) : input.issueDate)) : null,
    paid_by: kind === 'RECEIPT' ? paidByOf(payment.paymentMethod, received) : null,
    refers_to: input.refersTo
      ? { document_number: input.refersTo.documentNumber, issue_date: input.refersTo.issuedOn }
      : input.originalDate
        ? { document_number: null, issue_date: input.originalDate }
        : null,
  };
}

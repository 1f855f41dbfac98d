/**
 * The mail templates screen's samples: each kind of mail rendered by its own template function
 * with a fixed sample booking. A module that adds a kind to MAIL_KINDS adds its preview here; a
 * kind without one is listed with its description only.
 */
import type { MailKind } from '@sagano/domain/mail/mail-kinds';
import type { MailLanguage } from './recipient-language.ts';
import { bookingNgMail, bookingOkMail, seatTableMail, voucherMail, type MailBooking } from '../bookings/booking-mail-templates.ts';
import { bulkFinishedMail } from '../bulk-operations/bulk-mails.ts';
import { cancellationSettlementMail, paymentReceivedMail, paymentReminderMail, refundMadeMail } from '../payments/payment-mails.ts';
import { monthlyInvoiceMail } from '../settlements/settlement-mails.ts';
import { passwordResetMail } from './mail-templates.ts';

export interface MailPreviewContext {
  publicUrl: string;
  /** The operator's mail signature (basic info). */
  signature: string;
}

export interface MailPreview {
  lang: MailLanguage;
  subject: string;
  body: string;
}

const BOOKING_ID = '26050001';

const SAMPLE_BOOKING: MailBooking = {
  bookingId: BOOKING_ID,
  groupName: '桜ヶ丘中学校 修学旅行',
  applicantName: '山田 花子',
  agentName: 'サクラ旅行株式会社',
  participants: 32,
  totalAmountE6: 28_800_000_000,
  services: [
    { direction: 'DOWN', serviceDate: '2026-05-20', names: [{ language_id: 'ja', text: 'トロッコ5号' }, { language_id: 'en', text: 'Torokko 5' }], from: 'トロッコ嵯峨', to: 'トロッコ亀岡', departure: '10:02', arrival: '10:27' },
  ],
};

const link = (c: MailPreviewContext) => `${c.publicUrl}/bookings/${BOOKING_ID}`;
const out = (lang: MailLanguage, m: { subject: string; bodyText: string }): MailPreview => ({ lang, subject: m.subject, body: m.bodyText });
/** The booking answers are Japanese texts staff edit before sending: one language whatever is asked. */
const ja = (m: { subject: string; body: string }): MailPreview => ({ lang: 'ja', ...m });

const PREVIEWS: Partial<Record<MailKind, (lang: MailLanguage, c: MailPreviewContext) => MailPreview>> = {
  'account.invitation': (lang, c) => out(lang, passwordResetMail(lang, { name: '山田 花子', link: `${c.publicUrl}/reset-password?token=sample`, purpose: 'INVITE', hours: 72 })),
  'account.password_reset': (lang, c) => out(lang, passwordResetMail(lang, { name: '山田 花子', link: `${c.publicUrl}/reset-password?token=sample`, purpose: 'RESET', hours: 1 })),
  'booking.ok': (_lang, c) => ja(bookingOkMail(SAMPLE_BOOKING, c.signature)),
  'booking.ng': (_lang, c) => ja(bookingNgMail(SAMPLE_BOOKING, 'FULL', c.signature)),
  'booking.seat_table': (_lang, c) => ja(seatTableMail(SAMPLE_BOOKING, c.signature)),
  'booking.voucher': (_lang, c) => ja(voucherMail(SAMPLE_BOOKING, `${c.publicUrl}/customer/bookings/${BOOKING_ID}?token=sample`, c.signature)),
  CANCELLATION_SETTLED: (lang, c) =>
    out(lang, cancellationSettlementMail(lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, feeE6: 5_760_000_000, paidE6: 28_800_000_000, appliedE6: 5_760_000_000, refundE6: 23_040_000_000, stillOwedE6: 0, route: 'GATEWAY', onMonthlyInvoice: false, link: link(c) })),
  PAYMENT_RECEIVED: (lang, c) => out(lang, paymentReceivedMail(lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, amountE6: 28_800_000_000, link: link(c) })),
  PAYMENT_REFUNDED: (lang, c) => out(lang, refundMadeMail(lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, amountE6: 3_600_000_000, route: 'GATEWAY', link: link(c) })),
  PAYMENT_REMINDER: (lang, c) => out(lang, paymentReminderMail(lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, amountE6: 28_800_000_000, dueDate: '2026-05-13', link: link(c) })),
  MONTHLY_INVOICE: (lang, c) =>
    out(lang, monthlyInvoiceMail(lang, { agentName: 'サクラ旅行株式会社', branchName: null, periodFrom: '2026-04-01', periodTo: '2026-04-30', invoiceNumber: 'INV-202604-0001', amountE6: 115_200_000_000, dueDate: '2026-05-31', link: `${c.publicUrl}/monthly-report` })),
  BULK_FINISHED: (lang, c) => out(lang, bulkFinishedMail(lang, { id: 12, kind: 'RESERVE_ALLOTMENTS', filename: '5月特約.csv', total: 40, done: 37, refused: 2, skipped: 1, link: `${c.publicUrl}/bulk-operation?id=12` })),
};

export function hasMailPreview(kind: MailKind): boolean {
  return PREVIEWS[kind] !== undefined;
}

/** The kind's mail filled in with the sample booking, or null when the kind has no preview yet. */
export function mailPreview(kind: MailKind, lang: MailLanguage, context: MailPreviewContext): MailPreview | null {
  return PREVIEWS[kind]?.(lang, context) ?? null;
}

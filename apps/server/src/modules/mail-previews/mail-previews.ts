/**
 * The mail templates screen's samples: each kind of mail rendered by its own template function
 * with a fixed sample booking. A module that adds a kind to MAIL_KINDS adds its preview here; a
 * kind without one is listed with its description only.
 */
import type { MailKind } from '@sagano/domain/mail/mail-kinds';
import { type MailLanguage, passwordResetMail } from '../mail/index.ts';
import { bookingNgMail, bookingOkMail, seatTableMail, voucherMail, type MailBooking } from '../booking-core/index.ts';
import type { ChangeSummary } from '@sagano/domain/bookings/change-summary-schema';
import { bulkFinishedMail } from '../bulk-operations/index.ts';
import { cancellationDeclinedMail, changeMail, type ChangeMailKind, type ChangeMailNames } from '../bookings/index.ts';
import { reissueMail } from '../seats/index.ts';
import { cancellationSettlementMail, paymentReceivedMail, paymentReminderMail, refundMadeMail } from '../payments/index.ts';
import { monthlyInvoiceMail } from '../settlements/index.ts';

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

const SAMPLE_NAMES: ChangeMailNames = {
  stations: new Map([
    [1, [{ language_id: 'ja', text: 'トロッコ嵯峨' }, { language_id: 'en', text: 'Torokko Saga' }]],
    [4, [{ language_id: 'ja', text: 'トロッコ亀岡' }, { language_id: 'en', text: 'Torokko Kameoka' }]],
  ]),
  units: new Map([[1, [{ language_id: 'ja', text: '一般 大人' }, { language_id: 'en', text: 'Adult' }]]]),
};

const leg = (serviceId: number, name: string, nameEn: string): ChangeSummary['legs'][number]['before'] => ({
  service_date: '2026-05-20',
  service_id: serviceId,
  service_name: [
    { language_id: 'ja', text: name },
    { language_id: 'en', text: nameEn },
  ],
  from_station_id: 1,
  to_station_id: 4,
});

/** Two people fewer and the 5号 moved to the 9号: every line of the side by side shows. */
const SAMPLE_CHANGE: ChangeSummary = {
  trains_changed: true,
  legs: [{ direction: 'down', before: leg(5, 'トロッコ5号', 'Torokko 5'), after: leg(9, 'トロッコ9号', 'Torokko 9'), train_changed: true, segment_changed: false }],
  units: [{ unit_id: 1, before_quantity: 32, after_quantity: 30, decrement_quantity: 2, decrement_fee: 180_000_000 }],
  participant_quantity: { before: 32, after: 30 },
  wheelchairs: { before: 0, after: 0 },
  wheelchair_slopes: { before: 0, after: 0 },
  amounts: { before_total_amount: 28_800_000_000, fare_amount: 27_000_000_000, decrement_fee_amount: 180_000_000, after_total_amount: 27_180_000_000, difference_amount: -1_620_000_000 },
  seats: 'RELEASED',
  other_changes: [],
};

const changePreview = (kind: ChangeMailKind) => (lang: MailLanguage, c: MailPreviewContext) =>
  out(lang, changeMail(kind, lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, summary: SAMPLE_CHANGE, ...(kind === 'booking.change_declined' ? { reason: lang === 'en' ? 'The 9 is full for groups that day.' : '当日の9号は団体席が満席のため。' } : {}), link: link(c) }, SAMPLE_NAMES));

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
  'booking.change_approved': changePreview('booking.change_approved'),
  'booking.change_declined': changePreview('booking.change_declined'),
  'booking.changed': changePreview('booking.changed'),
  'booking.seat_table_reissued': (lang, c) => out(lang, reissueMail('seat_table', lang, { booking: SAMPLE_BOOKING, link: link(c), customerUrl: `${c.publicUrl}/customer/bookings/${BOOKING_ID}?token=sample` })),
  'booking.voucher_reissued': (lang, c) => out(lang, reissueMail('voucher', lang, { booking: SAMPLE_BOOKING, link: link(c), customerUrl: `${c.publicUrl}/customer/bookings/${BOOKING_ID}?token=sample` })),
  CANCELLATION_DECLINED: (lang, c) =>
    out(lang, cancellationDeclinedMail(lang, { bookingId: BOOKING_ID, groupName: SAMPLE_BOOKING.groupName, reason: lang === 'en' ? 'The group has already boarded.' : '既にご乗車済みのため。', link: link(c) })),
  BULK_FINISHED: (lang, c) => out(lang, bulkFinishedMail(lang, { id: 12, kind: 'RESERVE_ALLOTMENTS', filename: '5月特約.csv', total: 40, done: 37, refused: 2, skipped: 1, link: `${c.publicUrl}/bulk-operation?id=12` })),
};

export function hasMailPreview(kind: MailKind): boolean {
  return PREVIEWS[kind] !== undefined;
}

/** The kind's mail filled in with the sample booking, or null when the kind has no preview yet. */
export function mailPreview(kind: MailKind, lang: MailLanguage, context: MailPreviewContext): MailPreview | null {
  return PREVIEWS[kind]?.(lang, context) ?? null;
}

/**
 * The words a CSV shows for codes and its header rows, in Japanese and English (the screens'
 * words for the same codes: apps/web/src/locales/{ja,en}/bookings.json). Codes not listed are
 * written as they are.
 */
import type { CsvLanguage, CsvReportKind } from '@sagano/domain/reports/report-schemas';

type Words = Record<string, { ja: string; en: string }>;

const BOOKING_STATUS: Words = {
  SUBMITTED: { ja: '申込受付', en: 'Submitted' },
  MODIFICATION_SUBMITTED: { ja: '変更申込', en: 'Change requested' },
  CANCELLATION_SUBMITTED: { ja: '取消申込', en: 'Cancellation requested' },
  RESERVED: { ja: '予約確定', en: 'Confirmed' },
  NOT_RESERVED: { ja: 'お断り', en: 'Refused' },
  MODIFIED: { ja: '変更確定', en: 'Change confirmed' },
  NOT_MODIFIED: { ja: '変更不可', en: 'Change refused' },
  CANCELLATION_PENDING: { ja: '取消料確認待ち', en: 'Awaiting fee agreement' },
  CANCELLED: { ja: '取消済', en: 'Cancelled' },
  WAITLIST: { ja: 'キャンセル待ち', en: 'Waitlisted' },
};

const PAYMENT_STATUS: Words = {
  INITED: { ja: '未請求', en: 'Not billed' },
  INVOICE_PENDING: { ja: '請求待ち', en: 'Awaiting invoice' },
  PAYMENT_PENDING: { ja: '入金待ち', en: 'Awaiting payment' },
  PAYMENT_CONFIRMED: { ja: '入金済み', en: 'Paid' },
  COUPON_CONFIRMED: { ja: 'クーポン確認済', en: 'Coupon confirmed' },
  NO_NEED_TO_PAY: { ja: '支払不要', en: 'Nothing to pay' },
};

const PAYMENT_METHOD: Words = {
  UNKNOWN: { ja: '未定', en: 'Not set' },
  ONLINE_CREDIT_CARD: { ja: 'クレジットカード（オンライン）', en: 'Credit card (online)' },
  OFFLINE_CREDIT_CARD: { ja: 'クレジットカード（窓口）', en: 'Credit card (counter)' },
  CASH: { ja: '現金', en: 'Cash' },
  MONTHLY: { ja: '月締め銀行振込', en: 'Monthly bank transfer' },
  COUPON: { ja: 'クーポン', en: 'Coupon' },
  OTA_DEFERRED: { ja: 'OTA後払い', en: 'OTA deferred' },
  OFFLINE_NOT_SPECIFIED: { ja: 'その他（窓口）', en: 'Other (counter)' },
};

const PAYMENT_KIND: Words = {
  FARE: { ja: '運賃', en: 'Fare' },
  CANCELLATION: { ja: '取消料', en: 'Cancellation fee' },
  DISCREPANCY: { ja: '差額', en: 'Discrepancy' },
};

const TRANSACTION_KIND: Words = {
  CARD_CAPTURE: { ja: 'カード売上', en: 'Card capture' },
  BANK_TRANSFER: { ja: '銀行振込', en: 'Bank transfer' },
  COUPON: { ja: 'クーポン', en: 'Coupon' },
  REFUND: { ja: '返金', en: 'Refund' },
  NETTING: { ja: '取消料へ充当', en: 'Applied to the fee' },
};

/** Why a refund record gives money back (payment-ledger.ts REFUND_REASONS; the screens' longer words: payments.json refunds.reasons). */
const REFUND_REASON: Words = {
  CHANGE: { ja: '予約変更', en: 'Booking change' },
  OPERATOR: { ja: '運行会社による返金', en: 'By the operator' },
  CANCELLATION: { ja: '取消', en: 'Cancellation' },
  SUSPENSION: { ja: '運休', en: 'Train suspended' },
  OVERPAYMENT: { ja: '過入金', en: 'Overpayment' },
};

const GROUP_TYPE: Words = { NORMAL: { ja: '一般', en: 'General' }, SCHOOL: { ja: '学生', en: 'School' } };
const DIRECTION: Words = { down: { ja: '下り', en: 'Down' }, up: { ja: '上り', en: 'Up' }, EXTRA: { ja: '追加請求', en: 'Extra' }, REFUND: { ja: '返金', en: 'Refund' } };

export const WORDS = { BOOKING_STATUS, PAYMENT_STATUS, PAYMENT_METHOD, PAYMENT_KIND, TRANSACTION_KIND, REFUND_REASON, GROUP_TYPE, DIRECTION };

/** The word for a code, or the code itself (never an empty cell for an unknown code). */
export function word(words: Words, code: string | null, lang: CsvLanguage): string {
  if (code === null) return '';
  return words[code]?.[lang] ?? code;
}

/**
 * The money columns' one convention (the booking page's figures, payment-ledger.ts bookingMoney):
 * 請求額 billed, what the booking costs now (a cancelled booking its fee only); 入金額 received,
 * positive; 返金額 refunded, written as a negative amount; 残高 the balance, billed − (received
 * + refunded): above 0 still to pay, below 0 to be refunded. A refund is never money received.
 */
const MONEY = {
  ja: ['請求額（円）', '入金額（円）', '返金額（円・マイナス表示）', '残高（円）'],
  en: ['Billed (JPY)', 'Received (JPY)', 'Refunded (JPY, negative)', 'Balance (JPY)'],
};

/** Header rows, one label per column in the order the rows are written (DESIGN §10, "Reports"). */
export const HEADERS: Record<CsvReportKind, { ja: string[]; en: string[] }> = {
  bookings: {
    ja: ['予約番号', '申込日時', '乗車日', '代理店ID', '代理店名', '支店名', '団体名', '団体種別', 'ステータス', '人数', '下り列車', '上り列車', '合計金額（円）', '取消料（円）', '支払方法', '支払状況', ...MONEY.ja],
    en: ['Booking number', 'Submitted at', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Group name', 'Group type', 'Status', 'People', 'Down train', 'Up train', 'Total (JPY)', 'Cancellation fee (JPY)', 'Payment method', 'Payment status', ...MONEY.en],
  },
  // One row per payment: its own amount, then its share of the booking's figures (a booking's rows
  // add up to them); 充当額 is the paid fare applied to the cancellation fee (− on the fare, + on the fee).
  sales: {
    ja: ['支払ID', '予約番号', '乗車日', '代理店ID', '代理店名', '支店名', '区分', '増減', '返金理由', '支払方法', '支払状況', '金額（円・返金はマイナス）', '請求額（円）', '入金額（円）', '充当額（円）', '返金額（円・マイナス表示）', '残高（円）', '支払期限', '入金確認日時'],
    en: ['Payment ID', 'Booking number', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Kind', 'Direction', 'Refund reason', 'Payment method', 'Payment status', 'Payment amount (JPY, refunds negative)', 'Billed (JPY)', 'Received (JPY)', 'Applied to fee (JPY)', 'Refunded (JPY, negative)', 'Balance (JPY)', 'Due date', 'Confirmed at'],
  },
  services: {
    ja: ['運行日', '列車', '方向', '定員', '確保席数', '予約件数', '予約人数', '確定件数', '確定人数'],
    en: ['Service date', 'Train', 'Direction', 'Capacity', 'Seats held', 'Bookings', 'People', 'Confirmed bookings', 'Confirmed people'],
  },
  'prepaid-agent-payment': {
    ja: ['取引ID', '取引日', '取引種別', '金額（円・返金はマイナス）', '決済参照番号', '予約番号', '乗車日', '代理店ID', '代理店名', '支店名', '区分', '支払方法'],
    en: ['Transaction ID', 'Date', 'Transaction', 'Amount (JPY, refunds negative)', 'Reference', 'Booking number', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Kind', 'Payment method'],
  },
  'booking-summary': {
    ja: ['運行日', '列車', '方向', '予約件数', '人数', '金額（円）'],
    en: ['Service date', 'Train', 'Direction', 'Bookings', 'People', 'Amount (JPY)'],
  },
};

export const FILE_PREFIX: Record<CsvReportKind, string> = {
  bookings: 'bookings',
  sales: 'sales',
  services: 'train_data',
  'prepaid-agent-payment': 'card_settlement',
  'booking-summary': 'booking_summary',
};

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
  PAYMENT_CONFIRMED: { ja: '入金済', en: 'Paid' },
  COUPON_CONFIRMED: { ja: 'クーポン確認済', en: 'Coupon confirmed' },
  NO_NEED_TO_PAY: { ja: '支払不要', en: 'Nothing to pay' },
};

const PAYMENT_METHOD: Words = {
  UNKNOWN: { ja: '未定', en: 'Not set' },
  ONLINE_CREDIT_CARD: { ja: 'クレジットカード(オンライン)', en: 'Credit card (online)' },
  OFFLINE_CREDIT_CARD: { ja: 'クレジットカード(窓口)', en: 'Credit card (counter)' },
  CASH: { ja: '現金', en: 'Cash' },
  MONTHLY: { ja: '月締め銀行振込', en: 'Monthly bank transfer' },
  COUPON: { ja: 'クーポン', en: 'Coupon' },
  OTA_DEFERRED: { ja: 'OTA後払い', en: 'OTA deferred' },
  OFFLINE_NOT_SPECIFIED: { ja: 'その他(窓口)', en: 'Other (counter)' },
};

const PAYMENT_KIND: Words = {
  FARE: { ja: '運賃', en: 'Fare' },
  CANCELLATION: { ja: '取消料', en: 'Cancellation fee' },
  DISCREPANCY: { ja: '差額', en: 'Discrepancy' },
};

const TRANSACTION_KIND: Words = {
  CARD_CAPTURE: { ja: 'カード売上', en: 'Card capture' },
  BANK_TRANSFER: { ja: '銀行振込', en: 'Bank transfer' },
  REFUND: { ja: '返金', en: 'Refund' },
};

const GROUP_TYPE: Words = { NORMAL: { ja: '一般', en: 'General' }, SCHOOL: { ja: '学生', en: 'School' } };
const DIRECTION: Words = { down: { ja: '下り', en: 'Down' }, up: { ja: '上り', en: 'Up' }, EXTRA: { ja: '追加請求', en: 'Extra' }, REFUND: { ja: '返金', en: 'Refund' } };

export const WORDS = { BOOKING_STATUS, PAYMENT_STATUS, PAYMENT_METHOD, PAYMENT_KIND, TRANSACTION_KIND, GROUP_TYPE, DIRECTION };

/** The word for a code, or the code itself (never an empty cell for an unknown code). */
export function word(words: Words, code: string | null, lang: CsvLanguage): string {
  if (code === null) return '';
  return words[code]?.[lang] ?? code;
}

/** Header rows, one label per column in the order the rows are written (DESIGN §10, "Reports"). */
export const HEADERS: Record<CsvReportKind, { ja: string[]; en: string[] }> = {
  bookings: {
    ja: ['予約番号', '申込日時', '乗車日', '代理店ID', '代理店名', '支店名', '団体名', '団体種別', 'ステータス', '人数', '下り列車', '上り列車', '合計金額(円)', '取消料(円)', '支払方法', '支払状況'],
    en: ['Booking number', 'Submitted at', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Group name', 'Group type', 'Status', 'People', 'Down train', 'Up train', 'Total (JPY)', 'Cancellation fee (JPY)', 'Payment method', 'Payment status'],
  },
  sales: {
    ja: ['支払ID', '予約番号', '乗車日', '代理店ID', '代理店名', '支店名', '区分', '増減', '支払方法', '支払状況', '請求額(円)', '入金額(円)', '支払期限', '入金確認日時'],
    en: ['Payment ID', 'Booking number', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Kind', 'Direction', 'Payment method', 'Payment status', 'Amount (JPY)', 'Paid (JPY)', 'Due date', 'Confirmed at'],
  },
  services: {
    ja: ['運行日', '列車', '方向', '定員', '確保席数', '予約件数', '予約人数', '確定件数', '確定人数'],
    en: ['Service date', 'Train', 'Direction', 'Capacity', 'Seats held', 'Bookings', 'People', 'Confirmed bookings', 'Confirmed people'],
  },
  'prepaid-agent-payment': {
    ja: ['取引ID', '取引日', '取引種別', '金額(円)', '決済参照番号', '予約番号', '乗車日', '代理店ID', '代理店名', '支店名', '区分', '支払方法'],
    en: ['Transaction ID', 'Date', 'Transaction', 'Amount (JPY)', 'Reference', 'Booking number', 'Service date', 'Agent ID', 'Agent', 'Branch', 'Kind', 'Payment method'],
  },
  'booking-summary': {
    ja: ['運行日', '列車', '方向', '予約件数', '人数', '金額(円)'],
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

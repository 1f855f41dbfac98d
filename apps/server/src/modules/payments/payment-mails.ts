/** The payment mails to the agent, in Japanese and English (the booking's language is Japanese unless the applicant chose English). */
import { formatYen } from '@sagano/domain/money/yen-e6';

type Lang = 'ja' | 'en';

const SIGNATURE: Record<Lang, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

export interface PaymentMailParams {
  bookingId: string;
  groupName: string;
  amountE6: number;
  link: string;
}

const RECEIVED: Record<Lang, (p: PaymentMailParams) => { subject: string; bodyText: string }> = {
  ja: (p) => ({
    subject: `【嵯峨野トロッコ 団体予約】お支払いを受け付けました（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n下記のご予約について、クレジットカードでのお支払いを受け付けました。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\nお支払い金額：${formatYen(p.amountE6)}円\n\nご予約の内容は下記からご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  }),
  en: (p) => ({
    subject: `[Sagano Group Bookings] Payment received (booking ${p.bookingId})`,
    bodyText: `Hello,\n\nWe have received the card payment for the booking below.\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\nAmount paid: ¥${formatYen(p.amountE6)}\n\nSee the booking here:\n${p.link}\n\n${SIGNATURE.en}`,
  }),
};

const REFUNDED: Record<Lang, (p: PaymentMailParams) => { subject: string; bodyText: string }> = {
  ja: (p) => ({
    subject: `【嵯峨野トロッコ 団体予約】ご返金のお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n下記のご予約について、クレジットカードへの返金手続きを行いました。カード会社によって、明細への反映に日数がかかる場合があります。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\n返金額：${formatYen(p.amountE6)}円\n\n${p.link}\n\n${SIGNATURE.ja}`,
  }),
  en: (p) => ({
    subject: `[Sagano Group Bookings] Refund issued (booking ${p.bookingId})`,
    bodyText: `Hello,\n\nWe have refunded a card payment for the booking below. The card issuer may take a few days to show it.\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\nAmount refunded: ¥${formatYen(p.amountE6)}\n\n${p.link}\n\n${SIGNATURE.en}`,
  }),
};

export function paymentReceivedMail(languageCode: string, params: PaymentMailParams) {
  return RECEIVED[languageCode === 'en' ? 'en' : 'ja'](params);
}

export function paymentRefundedMail(languageCode: string, params: PaymentMailParams) {
  return REFUNDED[languageCode === 'en' ? 'en' : 'ja'](params);
}

export interface PaymentReminderMailParams {
  bookingId: string;
  groupName: string;
  /** What is still owed. */
  amountE6: number;
  dueDate: string;
  link: string;
}

const REMINDER: Record<Lang, (p: PaymentReminderMailParams) => { subject: string; bodyText: string }> = {
  ja: (p) => ({
    subject: `【嵯峨野トロッコ 団体予約】お支払期限のお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n平素より嵯峨野観光鉄道をご利用いただき、誠にありがとうございます。\n下記のご予約のお支払期限が近づいております。期限までにお支払いくださいますようお願いいたします。\nすでにお支払いいただいている場合は、本メールと行き違いになりましたことをご容赦ください。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\nお支払い金額：${formatYen(p.amountE6)}円\nお支払期限：${p.dueDate}\n\nお支払い方法とご予約の内容は下記からご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  }),
  en: (p) => ({
    subject: `[Sagano Group Bookings] Payment due soon (booking ${p.bookingId})`,
    bodyText: `Hello,\n\nThe payment for the booking below is due soon. Please pay by the due date.\nIf you have already paid, please disregard this message.\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\nAmount due: ¥${formatYen(p.amountE6)}\nDue date: ${p.dueDate}\n\nHow to pay, and the booking itself:\n${p.link}\n\n${SIGNATURE.en}`,
  }),
};

/** The reminder before a payment's due date (payments.remind), in the admin's language. */
export function paymentReminderMail(languageCode: string, params: PaymentReminderMailParams) {
  return REMINDER[languageCode === 'en' ? 'en' : 'ja'](params);
}

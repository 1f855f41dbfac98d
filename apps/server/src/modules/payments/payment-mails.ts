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
    subject: `【嵯峨野トロッコ 団体予約】お支払い期限のお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n平素より嵯峨野観光鉄道をご利用いただき、誠にありがとうございます。\n下記のご予約のお支払い期限が近づいております。期限までにお支払いくださいますようお願いいたします。\nすでにお支払いいただいている場合は、本メールと行き違いになりましたことをご容赦ください。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\nお支払い金額：${formatYen(p.amountE6)}円\nお支払い期限：${p.dueDate}\n\nお支払い方法とご予約の内容は下記からご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
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

export interface RefundMailParams extends PaymentMailParams {
  route: 'GATEWAY' | 'MONTHLY_INVOICE' | 'RECORDED';
}

const HOW_REFUNDED: Record<Lang, Record<RefundMailParams['route'], string>> = {
  ja: {
    GATEWAY: 'お支払いいただいたクレジットカードへ返金いたしました。カード会社によって、明細への反映に日数がかかる場合があります。',
    MONTHLY_INVOICE: '月次請求書のご請求額から差し引き（相殺）いたしました。',
    RECORDED: '返金いたしました。',
  },
  en: {
    GATEWAY: 'We have refunded it to the card you paid with. The card issuer may take a few days to show it.',
    MONTHLY_INVOICE: 'We have deducted it from the amount of your monthly invoice.',
    RECORDED: 'We have paid it back to you.',
  },
};

/** A refund made (through the gateway, netted on a monthly invoice, or recorded by the operator). */
export function refundMadeMail(languageCode: string, p: RefundMailParams) {
  const lang: Lang = languageCode === 'en' ? 'en' : 'ja';
  if (lang === 'en') {
    return {
      subject: `[Sagano Group Bookings] Refund made (booking ${p.bookingId})`,
      bodyText: `Hello,\n\n${HOW_REFUNDED.en[p.route]}\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\nAmount refunded: ¥${formatYen(p.amountE6)}\n\nThe return invoice is on the booking's page:\n${p.link}\n\n${SIGNATURE.en}`,
    };
  }
  return {
    subject: `【嵯峨野トロッコ 団体予約】ご返金のお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n下記のご予約について、${HOW_REFUNDED.ja[p.route]}\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\n返金額：${formatYen(p.amountE6)}円\n\n返還請求書はご予約のページからダウンロードいただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  };
}

export interface CancellationSettlementMailParams {
  bookingId: string;
  groupName: string;
  feeE6: number;
  paidE6: number;
  appliedE6: number;
  refundE6: number;
  stillOwedE6: number;
  route: RefundMailParams['route'];
  onMonthlyInvoice: boolean;
  link: string;
}

const HOW_RETURNED: Record<Lang, Record<RefundMailParams['route'], string>> = {
  ja: { GATEWAY: 'お支払いいただいたクレジットカードへ返金します', MONTHLY_INVOICE: '次回の月次請求書で相殺します', RECORDED: '運行会社より返金します' },
  en: { GATEWAY: 'refunded to the card you paid with', MONTHLY_INVOICE: 'credited on your next monthly invoice', RECORDED: 'paid back to you by the operator' },
};

/**
 * The cancellation confirmed: the fee, what was already paid and how it is settled; with no fee
 * and nothing paid, that nothing is owed either way.
 */
export function cancellationSettlementMail(languageCode: string, p: CancellationSettlementMailParams) {
  const lang: Lang = languageCode === 'en' ? 'en' : 'ja';
  const y = (e6: number) => (lang === 'en' ? `¥${formatYen(e6)}` : `${formatYen(e6)}円`);
  const nothing = p.feeE6 === 0 && p.paidE6 === 0;
  if (lang === 'en') {
    const lines = [p.feeE6 === 0 ? 'Cancellation fee: none' : `Cancellation fee: ${y(p.feeE6)}`];
    if (nothing) lines.push('Nothing is to be paid or refunded.');
    if (p.paidE6 > 0) lines.push(`Already paid: ${y(p.paidE6)}`);
    if (p.appliedE6 > 0) lines.push(`Applied to the fee: ${y(p.appliedE6)}`);
    if (p.refundE6 > 0) lines.push(`To be refunded: ${y(p.refundE6)} (${HOW_RETURNED.en[p.route]})`);
    if (p.stillOwedE6 > 0) lines.push(`Still to pay: ${y(p.stillOwedE6)}${p.onMonthlyInvoice ? ' (on your next monthly invoice)' : ''}`);
    return {
      subject: `[Sagano Group Bookings] Cancellation confirmed (booking ${p.bookingId})`,
      bodyText: `Hello,\n\nThe cancellation of the booking below is confirmed.\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\n${lines.join('\n')}\n\nSee the booking here:\n${p.link}\n\n${SIGNATURE.en}`,
    };
  }
  const lines = [p.feeE6 === 0 ? '取消料：かかりません' : `取消料：${y(p.feeE6)}`];
  if (nothing) lines.push('お支払いいただく金額・ご返金はございません。');
  if (p.paidE6 > 0) lines.push(`お支払い済みの金額：${y(p.paidE6)}`);
  if (p.appliedE6 > 0) lines.push(`うち取消料に充当：${y(p.appliedE6)}`);
  if (p.refundE6 > 0) lines.push(`ご返金額：${y(p.refundE6)}（${HOW_RETURNED.ja[p.route]}）`);
  if (p.stillOwedE6 > 0) lines.push(`お支払いいただく金額：${y(p.stillOwedE6)}${p.onMonthlyInvoice ? '（次回の月次請求書でご請求します）' : ''}`);
  return {
    subject: `【嵯峨野トロッコ 団体予約】取消確定のお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n下記のご予約の取消が確定しました。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\n${lines.join('\n')}\n\nご予約の内容は下記からご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  };
}

/** The mail telling the agent its cancellation request was declined, in Japanese and English. */
import type { MailLanguage } from '../mail/index.ts';

const SIGNATURE: Record<MailLanguage, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

export interface CancellationDeclinedMailParams {
  bookingId: string;
  groupName: string;
  /** The operator's reason, as written. */
  reason: string;
  link: string;
}

/** The operator declined the cancellation request: the reason, and that the booking stays as it was. */
export function cancellationDeclinedMail(language: MailLanguage, p: CancellationDeclinedMailParams): { subject: string; bodyText: string } {
  if (language === 'en') {
    return {
      subject: `[Sagano Group Bookings] Cancellation request declined (booking ${p.bookingId})`,
      bodyText: `Hello,\n\nWe are sorry, but we could not accept the cancellation request for the booking below.\nThe booking goes back to where it stood before the request and continues as it was; no cancellation fee is charged.\n\nBooking: ${p.bookingId}\nGroup: ${p.groupName}\nReason:\n${p.reason}\n\nSee the booking here:\n${p.link}\n\nIf you still wish to cancel, please contact us or send a new request from the booking's page.\n\n${SIGNATURE.en}`,
    };
  }
  return {
    subject: `【嵯峨野トロッコ 団体予約】取消申込についてのお知らせ（予約番号 ${p.bookingId}）`,
    bodyText: `ご担当者様\n\n平素より嵯峨野観光鉄道をご利用いただき、誠にありがとうございます。\n誠に恐れ入りますが、下記のご予約の取消申込は承認いたしかねます。\nご予約は取消申込の前の状態に戻り、そのまま継続いたします（取消料は発生しません）。\n\n予約番号：${p.bookingId}\n団体名：${p.groupName}\n理由：\n${p.reason}\n\nご予約の内容は下記からご確認いただけます。\n${p.link}\n\nなお取消をご希望の場合は、お手数ですが弊社までご連絡いただくか、ご予約のページから改めてお申し込みください。\n\n${SIGNATURE.ja}`,
  };
}

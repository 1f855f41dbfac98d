/**
 * The mails that replace a seat table or voucher already sent (DESIGN §5, stale documents): the
 * booking changed what the document prints, so the current one is attached and the earlier one
 * is to be discarded. Japanese and English, by the recipient's language.
 */
import { labelText } from '@sagano/domain/common/language';
import type { MailBooking } from '../booking-core/index.ts';
import type { MailLanguage } from '../mail/index.ts';

export type ReissuedDocument = 'seat_table' | 'voucher';

export interface ReissueMailParams {
  booking: MailBooking;
  /** The agent's booking page (`${publicUrl}/bookings/${booking_id}`). */
  link: string;
  /** The group's own page (voucher only: the QR code opens it too). */
  customerUrl: string;
}

const SIGNATURE: Record<MailLanguage, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

const NAME: Record<MailLanguage, Record<ReissuedDocument, string>> = {
  ja: { seat_table: '座席表', voucher: 'バウチャー（乗車証明書）' },
  en: { seat_table: 'seat table', voucher: 'voucher' },
};

function trainLines(b: MailBooking, lang: MailLanguage): string {
  return b.services
    .map((s) =>
      lang === 'ja'
        ? `・${s.serviceDate} ${labelText(s.names, 'ja')}（${s.departure ?? '--:--'}発 → ${s.arrival ?? '--:--'}着）`
        : `- ${s.serviceDate} ${labelText(s.names, 'en')} (departs ${s.departure ?? '--:--'}, arrives ${s.arrival ?? '--:--'})`,
    )
    .join('\n');
}

/** The replacement mail for one document, in the recipient's language. */
export function reissueMail(document: ReissuedDocument, lang: MailLanguage, p: ReissueMailParams): { subject: string; bodyText: string } {
  const b = p.booking;
  const name = NAME[lang][document];
  if (lang === 'en') {
    const voucherLine = document === 'voucher' ? `\nOn the day, please show the attached voucher to the station staff. The group's page (also behind the QR code):\n${p.customerUrl}\n` : '';
    return {
      subject: `[Sagano Group Bookings] Updated ${name} — replaces the one sent earlier (booking ${b.bookingId})`,
      bodyText: `${b.agentName}\nDear ${b.applicantName},\n\nThe booking below has changed since we sent its ${name}. The updated ${name} is attached (PDF); it replaces the one sent earlier, which is no longer valid. Please discard the earlier one and pass the new one to the group.\n\nBooking: ${b.bookingId}\nGroup: ${b.groupName}\nParticipants: ${b.participants}\nTrains:\n${trainLines(b, 'en')}\n${voucherLine}\nSee the booking here:\n${p.link}\n\n${SIGNATURE.en}`,
    };
  }
  const voucherLine = document === 'voucher' ? `\n当日は、添付の新しいバウチャーを駅係員にご提示ください。団体様向けページ（QRコードからも開けます）：\n${p.customerUrl}\n` : '';
  return {
    subject: `【嵯峨野トロッコ 団体予約】${name}再送のお知らせ（変更後の内容・予約番号 ${b.bookingId}）`,
    bodyText: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n下記のご予約は、先にお送りした${name}の送付後に内容が変更されました。変更後の${name}（PDF）を添付いたします。\n先にお送りした${name}は無効となりますので、お手数ですが破棄のうえ、団体様へは新しい${name}をお渡しください。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご利用列車：\n${trainLines(b, 'ja')}\n${voucherLine}\nご予約の内容は下記からご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  };
}

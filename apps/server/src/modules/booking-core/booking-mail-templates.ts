/** Default texts of the booking OK and NG mails; staff edit them before sending. */
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { labelText } from '@sagano/domain/common/language';
import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import { formatYen } from '@sagano/domain/money/yen-e6';

export interface MailBooking {
  bookingId: string;
  groupName: string;
  applicantName: string;
  agentName: string;
  participants: number;
  totalAmountE6: number;
  services: { direction: string; serviceDate: string; names: LocalizedLabel[]; from: string; to: string; departure: string | null; arrival: string | null }[];
}

const REASON_JA: Record<RefusalReason, string> = {
  FULL: '満席のため',
  SERVICEDAY_SUSPENSION: '当日の運休のため',
  SERVICE_SUSPENSION: 'ご希望の列車の運休のため',
  OTHER: '諸般の事情により',
};

function trainLines(b: MailBooking): string {
  return b.services
    .map((s) => `・${s.serviceDate} ${labelText(s.names, 'ja')} ${s.from}（${s.departure ?? '--:--'}発）→ ${s.to}（${s.arrival ?? '--:--'}着）`)
    .join('\n');
}

export function bookingOkMail(b: MailBooking, signature: string): { subject: string; body: string } {
  return {
    subject: `【嵯峨野トロッコ列車】団体予約確定のお知らせ（予約番号 ${b.bookingId}）`,
    body: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n下記の団体予約を確定いたしました。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご利用列車：\n${trainLines(b)}\n運賃合計：${formatYen(b.totalAmountE6)}円（税込）\n\n座席表・乗車票は、座席の確定後にあらためてお送りします。\n\n${signature}`,
  };
}

export function bookingNgMail(b: MailBooking, reason: RefusalReason, signature: string): { subject: string; body: string } {
  return {
    subject: `【嵯峨野トロッコ列車】団体予約お受けできませんでした（予約番号 ${b.bookingId}）`,
    body: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n誠に恐れ入りますが、${REASON_JA[reason]}、下記の団体予約をお受けすることができませんでした。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご希望の列車：\n${trainLines(b)}\n\n別の日時・列車でのご利用をご検討いただけますと幸いです。\n\n${signature}`,
  };
}

export function seatTableMail(b: MailBooking, signature: string): { subject: string; body: string } {
  return {
    subject: `【嵯峨野トロッコ列車】座席表のお知らせ（予約番号 ${b.bookingId}）`,
    body: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n下記のご予約の座席が確定しましたので、座席表（PDF）をお送りします。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご利用列車：\n${trainLines(b)}\n\n座席の配置は添付の座席表をご確認ください。\n\n${signature}`,
  };
}

export function voucherMail(b: MailBooking, customerUrl: string, signature: string): { subject: string; body: string } {
  return {
    subject: `【嵯峨野トロッコ列車】バウチャー（乗車証明書）の送付（予約番号 ${b.bookingId}）`,
    body: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n下記のご予約のバウチャー（乗車証明書）をお送りします。当日は添付のバウチャーを駅係員にご提示ください。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご利用列車：\n${trainLines(b)}\n\nご予約内容と座席は、次のページでいつでもご確認いただけます（座席の変更もこちらから）：\n${customerUrl}\n\n${signature}`,
  };
}

/**
 * The refusal mail of a suspension (DESIGN §3): the train will not run, so the booking, whether
 * still a request or already confirmed, is refused; nothing unpaid is owed.
 */
export function suspensionMail(b: MailBooking, reason: 'SERVICE_SUSPENSION' | 'SERVICEDAY_SUSPENSION', signature: string): { subject: string; body: string } {
  const why = reason === 'SERVICEDAY_SUSPENSION' ? 'ご利用日の全列車が運休となりましたため' : 'ご予約の列車が運休となりましたため';
  return {
    subject: `【嵯峨野トロッコ列車】運休によるご予約お取り消しのお知らせ（予約番号 ${b.bookingId}）`,
    body: `${b.agentName}\n${b.applicantName} 様\n\nいつも嵯峨野トロッコ列車をご利用いただき、ありがとうございます。\n誠に申し訳ございませんが、${why}、下記の団体予約はお受けできなくなりました。\n座席の手配はすべて取り消し、未払いの運賃はお支払い不要です。お支払い済みの運賃の払い戻しは、別途ご案内いたします。\n\n予約番号：${b.bookingId}\n団体名：${b.groupName}\n人数：${b.participants}名\nご予約の列車：\n${trainLines(b)}\n\nご迷惑をおかけし誠に申し訳ございません。別の日時・列車でのご利用をご検討いただけますと幸いです。\n\n${signature}`,
  };
}

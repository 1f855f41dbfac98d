/** The monthly invoice mail to a branch's admins, in Japanese and English (the staff member's language). */
import { formatYen } from '@sagano/domain/money/yen-e6';

type Lang = 'ja' | 'en';

const SIGNATURE: Record<Lang, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

export interface MonthlyInvoiceMailParams {
  agentName: string;
  branchName: string | null;
  periodFrom: string;
  periodTo: string;
  invoiceNumber: string;
  amountE6: number;
  dueDate: string;
  link: string;
}

const MAIL: Record<Lang, (p: MonthlyInvoiceMailParams) => { subject: string; bodyText: string }> = {
  ja: (p) => ({
    subject: `【嵯峨野トロッコ 団体予約】月次請求書のご送付（${p.periodFrom}〜${p.periodTo}）`,
    bodyText: `${p.agentName}${p.branchName ? ` ${p.branchName}` : ''}\nご担当者様\n\n平素より嵯峨野観光鉄道をご利用いただき、誠にありがとうございます。\n下記の期間のご利用分について、月次請求書をお送りいたします。請求書（PDF）を添付しておりますので、ご確認のうえお支払い期限までにお振込みください。\n\n請求書番号：${p.invoiceNumber}\n請求期間：${p.periodFrom}〜${p.periodTo}\nご請求金額：${formatYen(p.amountE6)}円（税込）\nお支払い期限：${p.dueDate}\n\n請求書と明細は下記からもご確認いただけます。\n${p.link}\n\n${SIGNATURE.ja}`,
  }),
  en: (p) => ({
    subject: `[Sagano Group Bookings] Monthly invoice (${p.periodFrom} to ${p.periodTo})`,
    bodyText: `${p.agentName}${p.branchName ? `, ${p.branchName}` : ''}\n\nHello,\n\nPlease find attached the monthly invoice (PDF) for the period below. Kindly pay by bank transfer by the due date.\n\nInvoice: ${p.invoiceNumber}\nPeriod: ${p.periodFrom} to ${p.periodTo}\nAmount: ¥${formatYen(p.amountE6)} (tax included)\nDue date: ${p.dueDate}\n\nThe invoice and its details are also here:\n${p.link}\n\n${SIGNATURE.en}`,
  }),
};

export function monthlyInvoiceMail(languageCode: string, params: MonthlyInvoiceMailParams) {
  return MAIL[languageCode === 'en' ? 'en' : 'ja'](params);
}

/** The mail that tells the uploader a bulk run has finished, with its result CSV attached (ja or en). */
import type { BulkKind } from '@sagano/domain/bulk-operations/bulk-operation-schemas';

type Lang = 'ja' | 'en';

const KIND: Record<Lang, Record<BulkKind, string>> = {
  ja: { RESERVE_ALLOTMENTS: '枠一括確保', CONFIRM_BOOKING: '一括回答' },
  en: { RESERVE_ALLOTMENTS: 'bulk allotment reservation', CONFIRM_BOOKING: 'bulk confirmation' },
};

export interface BulkFinishedMailParams {
  id: number;
  kind: BulkKind;
  filename: string;
  total: number;
  done: number;
  refused: number;
  skipped: number;
  link: string;
}

const MAIL: Record<Lang, (p: BulkFinishedMailParams) => { subject: string; bodyText: string }> = {
  ja: (p) => ({
    subject: `【嵯峨野トロッコ 団体予約】${KIND.ja[p.kind]}の処理が完了しました（No.${p.id}）`,
    bodyText: `${KIND.ja[p.kind]}の処理が完了しました。\n\nファイル：${p.filename || '（名前なし）'}\n件数：${p.total}件\n完了：${p.done}件\nお断り：${p.refused}件\n処理済みのため対象外：${p.skipped}件\n\n行ごとの結果を添付のCSVでご確認ください。お断りとなった行には理由を記載しています。\n結果は下記の画面でもご確認いただけます。\n${p.link}\n\n嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。`,
  }),
  en: (p) => ({
    subject: `[Sagano Group Bookings] The ${KIND.en[p.kind]} has finished (No. ${p.id})`,
    bodyText: `The ${KIND.en[p.kind]} has finished.\n\nFile: ${p.filename || '(no name)'}\nLines: ${p.total}\nDone: ${p.done}\nRefused: ${p.refused}\nAlready done (skipped): ${p.skipped}\n\nThe attached CSV gives the result of every line, with the reason of each refusal.\nThe result is also on this screen:\n${p.link}\n\nSagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.`,
  }),
};

export function bulkFinishedMail(languageCode: string, params: BulkFinishedMailParams) {
  return MAIL[languageCode === 'en' ? 'en' : 'ja'](params);
}

/**
 * The mails of a booking change to the agent, in Japanese and English: the request approved, the
 * request declined (with the operator's reason), and a change the operator made itself. Each
 * shows the change side by side (ChangeSummary) and links to the booking.
 */
import type { ChangeSummary, ChangeSummaryLeg } from '@sagano/domain/bookings/change-summary-schema';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { labelText } from '@sagano/domain/common/language';
import { formatYen } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import type { MailLanguage } from '../mail/index.ts';
import { stationAndUnitLabels } from './change-names.repository.ts';

export type ChangeMailKind = 'booking.change_approved' | 'booking.change_declined' | 'booking.changed';

/** Station and unit names, to write a summary in words. */
export interface ChangeMailNames {
  stations: ReadonlyMap<number, LocalizedLabel[]>;
  units: ReadonlyMap<number, LocalizedLabel[]>;
}

export async function readChangeMailNames(executor: Executor): Promise<ChangeMailNames> {
  const [stations, units] = await stationAndUnitLabels(executor);
  return {
    stations: new Map(stations.map((s) => [s.id, s.labels as LocalizedLabel[]])),
    units: new Map(units.map((u) => [u.id, u.labels as LocalizedLabel[]])),
  };
}

export interface ChangeMailParams {
  bookingId: string;
  groupName: string;
  summary: ChangeSummary;
  /** The operator's reason (declined only). */
  reason?: string;
  link: string;
}

const SIGNATURE: Record<MailLanguage, string> = {
  ja: '嵯峨野観光鉄道 団体予約システム\n※このメールは送信専用です。',
  en: 'Sagano Scenic Railway — Group Booking System\nThis is an automated message; replies are not read.',
};

const TEXT = {
  ja: {
    subject: {
      'booking.change_approved': '予約内容の変更を承りました',
      'booking.change_declined': '予約内容の変更をお受けできませんでした',
      'booking.changed': '予約内容を変更いたしました',
    },
    lead: {
      'booking.change_approved': '下記のご予約について、変更のお申し込みを承り、予約内容を変更いたしました。',
      'booking.change_declined': '誠に恐れ入りますが、下記のご予約の変更のお申し込みをお受けすることができませんでした。ご予約は変更前の内容のまま有効です。',
      'booking.changed': '下記のご予約について、弊社にて予約内容を変更いたしました。',
    },
    greeting: 'ご担当者様',
    booking: '予約番号',
    group: '団体名',
    reason: 'お受けできない理由',
    heading: (declined: boolean) => (declined ? '■ お申し込みのあった変更内容（変更前 → 変更後）' : '■ 変更内容（変更前 → 変更後）'),
    direction: { down: '下り', up: '上り' },
    none: 'なし',
    people: (n: number) => `${n}名`,
    total: '合計人数',
    wheelchairs: '車いす',
    wheelchairCount: (n: number, slope: number) => (slope > 0 ? `${n}台（うちスロープ必要 ${slope}台）` : `${n}台`),
    money: '■ ご料金',
    beforeTotal: '変更前の合計',
    fare: '変更後の運賃',
    decrementFee: '減員手数料',
    afterTotal: '変更後の合計',
    difference: (d: number) => (d > 0 ? `差額：${formatYen(d)}円（追加のお支払い）` : d < 0 ? `差額：${formatYen(-d)}円（ご返金）` : '差額：なし'),
    yen: (e6: number) => `${formatYen(e6)}円`,
    seatsHeading: '■ お座席',
    seats: {
      UNCHANGED: 'お座席に変更はありません。',
      KEPT: '列車の変更がないため、ご利用を続ける方のお座席はそのままです。',
      RELEASED: '列車の変更に伴い、お座席は改めてお割り当てします。座席表・乗車票はあらためてお送りします。',
    },
    others: { applicant: '申込者', tour_conductor: '添乗員', group: '団体情報', note: 'ご要望・備考' },
    othersLine: (names: string) => `そのほかの変更：${names}`,
    link: 'ご予約の内容は下記からご確認いただけます。',
  },
  en: {
    subject: {
      'booking.change_approved': 'Your change has been approved',
      'booking.change_declined': 'We could not accept your change',
      'booking.changed': 'We have changed your booking',
    },
    lead: {
      'booking.change_approved': 'We have approved the change you asked for and changed the booking below.',
      'booking.change_declined': 'We are sorry, but we could not accept the change you asked for to the booking below. The booking stays as it was.',
      'booking.changed': 'We have changed the booking below.',
    },
    greeting: 'Hello,',
    booking: 'Booking',
    group: 'Group',
    reason: 'Reason',
    heading: (declined: boolean) => (declined ? 'The change you asked for (before → after)' : 'What changed (before → after)'),
    direction: { down: 'Down', up: 'Up' },
    none: 'none',
    people: (n: number) => `${n}`,
    total: 'Participants',
    wheelchairs: 'Wheelchairs',
    wheelchairCount: (n: number, slope: number) => (slope > 0 ? `${n} (${slope} needing a slope)` : `${n}`),
    money: 'Price',
    beforeTotal: 'Total before',
    fare: 'Fares after',
    decrementFee: 'Decrement fee',
    afterTotal: 'Total after',
    difference: (d: number) => (d > 0 ? `Difference: ¥${formatYen(d)} more to pay` : d < 0 ? `Difference: ¥${formatYen(-d)} to be refunded` : 'Difference: none'),
    yen: (e6: number) => `¥${formatYen(e6)}`,
    seatsHeading: 'Seats',
    seats: {
      UNCHANGED: 'The seats do not change.',
      KEPT: 'The trains stay the same: those who remain keep their seats.',
      RELEASED: 'The trains change: seats will be assigned again, and the seat table and voucher sent again.',
    },
    others: { applicant: 'applicant', tour_conductor: 'tour conductor', group: 'group details', note: 'request / note' },
    othersLine: (names: string) => `Also changed: ${names}`,
    link: 'See the booking here:',
  },
};

function legText(leg: ChangeSummaryLeg | null, lang: MailLanguage, names: ChangeMailNames): string {
  if (!leg) return TEXT[lang].none;
  const station = (id: number) => labelText(names.stations.get(id) ?? [], lang) || String(id);
  return `${leg.service_date} ${labelText(leg.service_name, lang)} ${station(leg.from_station_id)}→${station(leg.to_station_id)}`;
}

/** The change in lines of text: trains, counts, wheelchairs, money, seats. */
export function summaryText(s: ChangeSummary, lang: MailLanguage, names: ChangeMailNames, declined = false): string {
  const x = TEXT[lang];
  const arrow = (a: string, b: string) => (a === b ? a : `${a} → ${b}`);
  const lines = [x.heading(declined)];
  for (const leg of s.legs) lines.push(`${x.direction[leg.direction]}：${arrow(legText(leg.before, lang, names), legText(leg.after, lang, names))}`);
  for (const u of s.units) lines.push(`${labelText(names.units.get(u.unit_id) ?? [], lang)}：${arrow(x.people(u.before_quantity), x.people(u.after_quantity))}`);
  lines.push(`${x.total}：${arrow(x.people(s.participant_quantity.before), x.people(s.participant_quantity.after))}`);
  lines.push(`${x.wheelchairs}：${arrow(x.wheelchairCount(s.wheelchairs.before, s.wheelchair_slopes.before), x.wheelchairCount(s.wheelchairs.after, s.wheelchair_slopes.after))}`);
  if (s.other_changes.length > 0) lines.push(x.othersLine(s.other_changes.map((f) => x.others[f]).join(lang === 'ja' ? '、' : ', ')));
  const a = s.amounts;
  lines.push('', x.money, `${x.beforeTotal}：${x.yen(a.before_total_amount)}`, `${x.fare}：${x.yen(a.fare_amount)}`);
  if (a.decrement_fee_amount > 0) lines.push(`${x.decrementFee}：${x.yen(a.decrement_fee_amount)}`);
  lines.push(`${x.afterTotal}：${x.yen(a.after_total_amount)}`, x.difference(a.difference_amount));
  if (!declined) lines.push('', x.seatsHeading, x.seats[s.seats]);
  // English lines read better with ": " than the Japanese full-width colon.
  return lang === 'en' ? lines.map((l) => l.replace('：', ': ')).join('\n') : lines.join('\n');
}

/** The mail of `kind` to the agent, in `lang`. */
export function changeMail(kind: ChangeMailKind, lang: MailLanguage, p: ChangeMailParams, names: ChangeMailNames): { subject: string; bodyText: string } {
  const x = TEXT[lang];
  const declined = kind === 'booking.change_declined';
  const subject = lang === 'ja' ? `【嵯峨野トロッコ 団体予約】${x.subject[kind]}（予約番号 ${p.bookingId}）` : `[Sagano Group Bookings] ${x.subject[kind]} (booking ${p.bookingId})`;
  const colon = lang === 'ja' ? '：' : ': ';
  const head = [x.greeting, '', x.lead[kind], '', `${x.booking}${colon}${p.bookingId}`, `${x.group}${colon}${p.groupName}`];
  if (declined && p.reason) head.push(`${x.reason}${colon}${p.reason}`);
  const body = [...head, '', summaryText(p.summary, lang, names, declined), '', x.link, p.link, '', SIGNATURE[lang]].join('\n');
  return { subject, bodyText: body };
}

/**
 * The agents list as CSV for Excel, written by the reports' writer (csv-stringify, RFC 4180
 * quoting, CRLF line ends, formula-leading text neutralised) behind a UTF-8 byte-order mark, with a
 * Japanese header row. Pure: the service reads the rows.
 */
import { PAYMENT_TYPE_OF_AGENT, type AgentType } from '@sagano/domain/agents/agent-schemas';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import { csvText, type Cell } from '../reports/index.ts';

export interface AgentCsvRow {
  id: number;
  nameJa: string;
  nameKana: string;
  nameEn: string;
  nameOrigin: string;
  agentType: AgentType;
  countryCode: string;
  mainAdmin: { name: string; email: string; tel: string } | null;
  rootGroupFax: string;
  paymentDay: number | null;
  paymentDayEndOfMonth: boolean;
  billingDay: number | null;
  billingDayEndOfMonth: boolean;
  ignoreCancellationPolicy: boolean;
  requireTotp: boolean;
  branchCount: number;
  staffCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const AGENT_CSV_HEADER = [
  '代理店ID',
  '代理店名',
  '代理店名（カナ）',
  '代理店名（英語）',
  '代理店名（現地表記）',
  '代理店種別',
  '支払方法',
  '国・地域コード',
  '主管理者氏名',
  '主管理者メールアドレス',
  '主管理者電話番号',
  '本社FAX',
  '支払日',
  '請求日',
  'キャンセルポリシーの適用除外',
  '二段階認証必須',
  '支店数',
  'スタッフ数',
  '登録日時',
  '更新日時',
];

const AGENT_TYPE_JA: Record<AgentType, string> = { FREE: 'フリー', CONTRACTED: '契約', SPECIAL_CONTRACTED: '特別契約' };
const PAYMENT_TYPE_JA = { PREPAID: '事前カード決済', COUPON: 'クーポン', MONTHLY: '月締め' } as const;

const TOKYO = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** yyyy-MM-dd HH:mm in Asia/Tokyo. */
export function tokyoDateTime(d: Date): string {
  const p = Object.fromEntries(TOKYO.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const day = (n: number | null, endOfMonth: boolean) => (endOfMonth ? '月末' : n === null ? '' : `${n}日`);
const yesNo = (b: boolean) => (b ? 'はい' : 'いいえ');

export function agentsCsv(rows: AgentCsvRow[]): string {
  const lines: Cell[][] = [AGENT_CSV_HEADER, ...rows.map((r) => [
    r.id,
    r.nameJa,
    r.nameKana,
    r.nameEn,
    r.nameOrigin,
    AGENT_TYPE_JA[r.agentType] ?? r.agentType,
    PAYMENT_TYPE_JA[PAYMENT_TYPE_OF_AGENT[r.agentType]] ?? '',
    r.countryCode,
    r.mainAdmin?.name ?? '',
    r.mainAdmin?.email ?? '',
    r.mainAdmin?.tel ?? '',
    r.rootGroupFax,
    day(r.paymentDay, r.paymentDayEndOfMonth),
    day(r.billingDay, r.billingDayEndOfMonth),
    yesNo(r.ignoreCancellationPolicy),
    yesNo(r.requireTotp),
    r.branchCount,
    r.staffCount,
    tokyoDateTime(r.createdAt),
    tokyoDateTime(r.updatedAt),
  ])];
  return `\uFEFF${csvText(lines)}`;
}

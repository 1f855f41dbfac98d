import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@sagano/domain/bookings/booking-state';
import iconv from 'iconv-lite';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { neutralise } from '../src/modules/reports/report-csv.ts';
import { HEADERS } from '../src/modules/reports/report-labels.ts';
import { createReportsService, PAGE_SIZE, type ReportReader } from '../src/modules/reports/reports.service.ts';
import { until } from './support/polling.ts';
import { createTestApp, errorOf, signInRoles, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let staff: Headers;
let station: Headers;
let agent: Headers;
/** The far-future days of this file's own bookings: no demo booking travels then. */
const DAY1 = '2058-02-01';
const DAY2 = '2058-02-02';
const PERIOD = `from_date=${DAY1}&to_date=${DAY2}`;
let down: { id: number };
let up: { id: number };
let agentRow: { id: number; nameJa: string };
let branch: { id: number; nameJa: string };

const get = (url: string, headers: Headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const E6 = 1_000_000;

/** A minimal RFC 4180 reader for the tests (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function csvOf(url: string, headers: Headers = staff): Promise<{ bytes: Buffer; text: string; rows: string[][]; filename: string }> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  const { csv_base64, filename } = res.json();
  const bytes = Buffer.from(csv_base64, 'base64');
  const text = bytes.toString('utf8');
  return { bytes, text, rows: parseCsv(text.replace(/^\uFEFF/, '')), filename };
}

async function insertBooking(b: { number: string; status: BookingStatus; groupName: string; people: number; totalYen: number; feeYen?: number; legs: { direction: 'down' | 'up'; day: string; serviceId: number }[] }): Promise<number> {
  const db = ctx.database.db;
  const [row] = await db
    .insert(t.bookings)
    .values({
      bookingId: b.number,
      bookingToken: `token-${b.number}`,
      agentId: agentRow.id,
      agentSubGroupId: branch.id,
      status: b.status,
      subStatus: 'INITIAL',
      groupType: 'NORMAL',
      groupName: b.groupName,
      group: {},
      applicant: {},
      participantQuantity: b.people,
      totalAmountE6: b.totalYen * E6,
      cancellationFeeE6: b.feeYen === undefined ? null : b.feeYen * E6,
      submittedAt: new Date('2058-01-10T01:30:00Z'),
    })
    .returning({ id: t.bookings.id });
  for (const leg of b.legs) await db.insert(t.bookingServices).values({ bookingId: row!.id, direction: leg.direction, serviceDate: leg.day, serviceId: leg.serviceId, fromStationId: 1, toStationId: 4 });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ staff, station, agent } = await signInRoles(ctx));
  const db = ctx.database.db;
  [down] = await db.select({ id: t.services.id }).from(t.services).where(eq(t.services.direction, 'down')).orderBy(asc(t.services.id)).limit(1) as [{ id: number }];
  [up] = await db.select({ id: t.services.id }).from(t.services).where(eq(t.services.direction, 'up')).orderBy(asc(t.services.id)).limit(1) as [{ id: number }];
  [agentRow] = await db.select({ id: t.agents.id, nameJa: t.agents.nameJa }).from(t.agents).orderBy(asc(t.agents.id)).limit(1) as [{ id: number; nameJa: string }];
  [branch] = await db.select({ id: t.agentGroups.id, nameJa: t.agentGroups.nameJa }).from(t.agentGroups).where(eq(t.agentGroups.agentId, agentRow.id)).orderBy(asc(t.agentGroups.id)).limit(1) as [{ id: number; nameJa: string }];

  const a = await insertBooking({ number: '90000001', status: 'RESERVED', groupName: '=HYPERLINK("http://evil.example")', people: 12, totalYen: 15000, legs: [{ direction: 'down', day: DAY1, serviceId: down.id }, { direction: 'up', day: DAY1, serviceId: up.id }] });
  const cancelled = await insertBooking({ number: '90000002', status: 'CANCELLED', groupName: '嵯峨野高校, "二年"', people: 5, totalYen: 8000, feeYen: 2000, legs: [{ direction: 'down', day: DAY1, serviceId: down.id }] });
  const submitted = await insertBooking({ number: '90000003', status: 'SUBMITTED', groupName: '-5 団体', people: 3, totalYen: 4500, legs: [{ direction: 'down', day: DAY2, serviceId: down.id }] });
  // Outside the period: never exported.
  const outside = await insertBooking({ number: '90000004', status: 'RESERVED', groupName: '期間外', people: 2, totalYen: 3000, legs: [{ direction: 'down', day: '2058-02-03', serviceId: down.id }] });

  // The ledger as the payments module writes it (DESIGN §6 "One ledger"): 90000001 paid 15,000 by
  // card, then 2,000 refunded by the operator on a refund record of its own (the price lowered).
  const [fare] = await db
    .insert(t.payments)
    .values({ bookingId: a, kind: 'FARE', status: 'PAYMENT_CONFIRMED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 15000 * E6, paidAmountE6: 15000 * E6, dueDate: '2058-01-20' })
    .returning({ id: t.payments.id });
  const [refund] = await db
    .insert(t.payments)
    .values({ bookingId: a, kind: 'DISCREPANCY', direction: 'REFUND', refundReason: 'OPERATOR', parentPaymentId: fare!.id, status: 'PAYMENT_CONFIRMED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 2000 * E6, paidAmountE6: 2000 * E6 })
    .returning({ id: t.payments.id });
  // 90000002 paid 8,000 by card, then cancelled with a 2,000 fee: the fare's money pays the fee
  // (netting) and 6,000 is owed back on a refund record not yet made.
  const [paidFare] = await db
    .insert(t.payments)
    .values({ bookingId: cancelled, kind: 'FARE', status: 'PAYMENT_CONFIRMED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 8000 * E6, paidAmountE6: 6000 * E6, dueDate: '2058-01-20' })
    .returning({ id: t.payments.id });
  const [fee] = await db
    .insert(t.payments)
    .values({ bookingId: cancelled, kind: 'CANCELLATION', status: 'PAYMENT_CONFIRMED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 2000 * E6, paidAmountE6: 2000 * E6 })
    .returning({ id: t.payments.id });
  await db.insert(t.payments).values({ bookingId: cancelled, kind: 'DISCREPANCY', direction: 'REFUND', refundReason: 'CANCELLATION', parentPaymentId: paidFare!.id, status: 'PAYMENT_PENDING', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 6000 * E6 });
  // 90000003 is submitted, not confirmed: its fare is priced (INITED), never asked for.
  await db.insert(t.payments).values({ bookingId: submitted, kind: 'FARE', status: 'INITED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 4500 * E6 });
  const [outsideFare] = await db
    .insert(t.payments)
    .values({ bookingId: outside, kind: 'FARE', status: 'PAYMENT_CONFIRMED', paymentMethod: 'ONLINE_CREDIT_CARD', totalAmountE6: 3000 * E6, paidAmountE6: 3000 * E6 })
    .returning({ id: t.payments.id });
  await db.insert(t.paymentTransactions).values([
    { paymentId: fare!.id, kind: 'CARD_CAPTURE', amountE6: 15000 * E6, occurredOn: DAY1, reference: 'ch_test_1', recordedBy: 'test' },
    { paymentId: paidFare!.id, kind: 'CARD_CAPTURE', amountE6: 8000 * E6, occurredOn: DAY1, reference: 'ch_test_2', recordedBy: 'test' },
    { paymentId: paidFare!.id, kind: 'NETTING', amountE6: -2000 * E6, occurredOn: DAY2, recordedBy: 'test' },
    { paymentId: fee!.id, kind: 'NETTING', amountE6: 2000 * E6, occurredOn: DAY2, recordedBy: 'test' },
    { paymentId: refund!.id, kind: 'REFUND', amountE6: -2000 * E6, occurredOn: DAY2, reference: 're_test_1', recordedBy: 'test' },
    { paymentId: outsideFare!.id, kind: 'CARD_CAPTURE', amountE6: 3000 * E6, occurredOn: '2058-02-03', reference: 'ch_test_out', recordedBy: 'test' },
  ]);

  const [pattern] = await db.select({ id: t.arrangementPatterns.id }).from(t.arrangementPatterns).limit(1);
  await db.insert(t.serviceDayInventories).values({ serviceDate: DAY1, serviceId: down.id, arrangementPatternId: pattern!.id });
  const [type] = await db.select({ id: t.arrangementTypes.arrangementTypeId }).from(t.arrangementTypes).limit(1);
  await db.insert(t.inventoryCounters).values([1, 2, 3].map((leg) => ({ serviceDate: DAY1, serviceId: down.id, arrangementTypeId: type!.id, leg, capacity: 60, held: leg === 2 ? 20 : 12 })));
});
afterAll(() => ctx.close());

describe('CSV cells', () => {
  it('neutralises text that Excel would run, and leaves other text alone', () => {
    expect(neutralise('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutralise('+81 75')).toBe("'+81 75");
    expect(neutralise('-5 団体')).toBe("'-5 団体");
    expect(neutralise('@cmd')).toBe("'@cmd");
    expect(neutralise('\tx')).toBe("'\tx");
    expect(neutralise('\rx')).toBe("'\rx");
    expect(neutralise('嵐山 = 最高')).toBe('嵐山 = 最高');
    expect(neutralise('')).toBe('');
  });
});

describe('GET /v1/csv/bookings', () => {
  it('answers UTF-8 with a BOM, CRLF, the Japanese header and the bookings travelling in the period', async () => {
    const { bytes, text, rows, filename } = await csvOf(`/v1/csv/bookings?${PERIOD}`);
    expect(filename).toBe('bookings_20580201-20580202.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(rows[0]).toEqual(HEADERS.bookings.ja);
    const byNumber = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byNumber.keys()].sort()).toEqual(['90000001', '90000002', '90000003']);
    const a = byNumber.get('90000001')!;
    expect(a).toHaveLength(HEADERS.bookings.ja.length);
    expect(a.slice(1, 10)).toEqual(['2058-01-10 10:30', DAY1, String(agentRow.id), agentRow.nameJa, branch.nameJa, `'=HYPERLINK("http://evil.example")`, '一般', '予約確定', '12']);
    expect(a[10]).not.toBe('');
    expect(a[11]).not.toBe('');
    // The booking's money: billed, received, refunded (negative) and balance, as its payments show them.
    expect(a.slice(12)).toEqual(['15000', '0', 'クレジットカード（オンライン）', '入金済み', '13000', '15000', '-2000', '0']);
    expect(byNumber.get('90000002')!.slice(6, 9)).toEqual(['嵯峨野高校, "二年"', '一般', '取消済']);
    // Cancelled: the fee is what it costs; the paid fare paid it, 6,000 is still to go back.
    expect(byNumber.get('90000002')!.slice(12)).toEqual(['8000', '2000', 'クレジットカード（オンライン）', '入金済み', '2000', '8000', '0', '-6000']);
    expect(byNumber.get('90000003')![6]).toBe("'-5 団体");
    // Submitted, its fare not yet asked for: nothing billed.
    expect(byNumber.get('90000003')!.slice(14)).toEqual(['クレジットカード（オンライン）', '未請求', '0', '0', '0', '0']);
    // The quoted cell is written as RFC 4180 asks.
    expect(text).toContain('"嵯峨野高校, ""二年"""');
  });

  it('writes the header in English when asked, and in the caller’s language otherwise', async () => {
    const { rows } = await csvOf(`/v1/csv/bookings?${PERIOD}&lang=en`);
    expect(rows[0]).toEqual(HEADERS.bookings.en);
    expect(rows.find((r) => r[0] === '90000001')!.slice(7, 9)).toEqual(['General', 'Confirmed']);
  });

  it('round-trips Shift_JIS through iconv-lite, without a BOM', async () => {
    const { bytes } = await csvOf(`/v1/csv/bookings?${PERIOD}&encoding=shift_jis`);
    expect(bytes[0]).not.toBe(0xef);
    const text = iconv.decode(bytes, 'Shift_JIS');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(HEADERS.bookings.ja);
    expect(rows.find((r) => r[0] === '90000002')![6]).toBe('嵯峨野高校, "二年"');
    expect(iconv.encode(text, 'Shift_JIS').equals(bytes)).toBe(true);
  });

  it('refuses a bad period naming the field, and a period over a year for the base64 answer', async () => {
    const cases: [string, string][] = [
      [`from_date=2058-02-02&to_date=2058-02-01`, 'to_date'],
      [`from_date=2058-02-30&to_date=2058-03-01`, 'from_date'],
      [`to_date=2058-03-01`, 'from_date'],
      [`from_date=2058-01-01&to_date=2059-01-02`, 'to_date'],
      [`${PERIOD}&encoding=latin1`, 'encoding'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/v1/csv/bookings?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).error_code).toBe('VALIDATION_FAILED');
      expect(errorOf(res).field, query).toBe(field);
    }
    // A full leap year is allowed; the streamed download takes longer periods.
    expect((await get('/v1/csv/bookings?from_date=2028-01-01&to_date=2028-12-31')).statusCode).toBe(200);
    expect((await get('/v1/csv/bookings/download?from_date=2025-01-01&to_date=2030-12-31')).statusCode).toBe(200);
  });

  it('refuses agents and station staff, on every kind and on the download', async () => {
    for (const kind of ['bookings', 'sales', 'services', 'prepaid-agent-payment', 'booking-summary']) {
      for (const who of [agent, station]) {
        expect((await get(`/v1/csv/${kind}?${PERIOD}`, who)).statusCode).toBe(403);
        expect((await get(`/v1/csv/${kind}/download?${PERIOD}`, who)).statusCode).toBe(403);
      }
      expect((await ctx.app.inject({ method: 'GET', url: `/v1/csv/${kind}?${PERIOD}` })).statusCode).toBe(401);
    }
  });
});

describe('the streamed download', () => {
  it('sends the same bytes as the base64 answer, as a text/csv attachment', async () => {
    for (const kind of ['bookings', 'sales', 'services', 'prepaid-agent-payment', 'booking-summary']) {
      for (const encoding of ['utf-8', 'shift_jis']) {
        const { bytes, filename } = await csvOf(`/v1/csv/${kind}?${PERIOD}&encoding=${encoding}`);
        const res = await get(`/v1/csv/${kind}/download?${PERIOD}&encoding=${encoding}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(`text/csv; charset=${encoding === 'utf-8' ? 'utf-8' : 'Shift_JIS'}`);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
    }
  });

  it('pages through the rows: keyset pages and (on PostgreSQL) cursor batches, of one row or 2000, give the same file', async () => {
    const req = { kind: 'bookings' as const, from_date: DAY1, to_date: DAY2, encoding: 'utf-8' as const, lang: 'ja' as const };
    const read = async (reader: ReportReader, pageSize: number) => {
      const chunks: Buffer[] = [];
      for await (const c of createReportsService({ reader }).stream(req, pageSize)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    const keyset = { db: ctx.database.db };
    const one = await read(keyset, 1);
    expect(await read(keyset, 2000)).toBe(one);
    expect(await read(ctx.database, 1)).toBe(one);
    expect(await read(ctx.database, 2000)).toBe(one);
    expect(parseCsv(one.slice(1))).toHaveLength(4);
  });

  it('refuses, on to_date, a base64 answer over its size limit, without reading the rest', async () => {
    const req = { kind: 'bookings' as const, from_date: DAY1, to_date: DAY2, encoding: 'utf-8' as const, lang: 'ja' as const };
    await expect(createReportsService({ reader: ctx.database }).base64(req, 100)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'to_date' });
    expect((await createReportsService({ reader: ctx.database }).base64(req)).filename).toBe('bookings_20580201-20580202.csv');
  });

  it('answers a header only (with its BOM) for an empty period', async () => {
    const { bytes, rows } = await csvOf('/v1/csv/sales?from_date=2040-01-01&to_date=2040-01-31');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows).toEqual([HEADERS.sales.ja]);
  });
});

describe('the other reports', () => {
  it('sales: every payment of the bookings travelling in the period, with its share of the booking’s billed, received, refunded and balance', async () => {
    const { rows, text, filename } = await csvOf(`/v1/csv/sales?${PERIOD}`);
    expect(filename).toBe('sales_20580201-20580202.csv');
    expect(rows[0]).toEqual(HEADERS.sales.ja);
    expect(rows[0]!.slice(11, 17)).toEqual(['金額（円・返金はマイナス）', '請求額（円）', '入金額（円）', '充当額（円）', '返金額（円・マイナス表示）', '残高（円）']);
    expect(rows.slice(1)).toHaveLength(6);
    expect(rows[1]!.slice(1)).toEqual(['90000001', DAY1, String(agentRow.id), agentRow.nameJa, branch.nameJa, '運賃', '', '', 'クレジットカード（オンライン）', '入金済み', '15000', '15000', '15000', '0', '0', '0', '2058-01-20', '']);
    // [booking, kind, direction, reason, status, amount, billed, received, applied, refunded, balance]
    expect(rows.slice(1).map((r) => [r[1], r[6], r[7], r[8], r[10], ...r.slice(11, 17)])).toEqual([
      ['90000001', '運賃', '', '', '入金済み', '15000', '15000', '15000', '0', '0', '0'],
      // The operator's refund lowers the price and went back: never money received.
      ['90000001', '差額', '返金', '運行会社による返金', '入金済み', '-2000', '-2000', '0', '0', '-2000', '0'],
      // Cancelled: the fare bills nothing, its money paid the fee; the rest is owed back.
      ['90000002', '運賃', '', '', '入金済み', '8000', '0', '8000', '-2000', '0', '-6000'],
      ['90000002', '取消料', '', '', '入金済み', '2000', '2000', '0', '2000', '0', '0'],
      ['90000002', '差額', '返金', '取消', '入金待ち', '-6000', '0', '0', '0', '0', '0'],
      // Submitted, not confirmed: priced, billed nothing.
      ['90000003', '運賃', '', '', '未請求', '4500', '0', '0', '0', '0', '0'],
    ]);
    // A booking's rows add up to its figures on the bookings CSV (billed, received, refunded, balance).
    const bookings = (await csvOf(`/v1/csv/bookings?${PERIOD}`)).rows.slice(1);
    for (const b of bookings) {
      const mine = rows.slice(1).filter((r) => r[1] === b[0]);
      const sum = (col: number) => String(mine.reduce((s, r) => s + Number(r[col]), 0));
      expect([sum(12), sum(13), sum(15), sum(16)], b[0]).toEqual(b.slice(16));
      expect(sum(14), b[0]).toBe('0');
    }
    // Negative amounts are numbers, not text neutralised for Excel.
    expect(text).not.toContain("'-");
  });

  it('sales in English: the money columns say their sign', async () => {
    const { rows } = await csvOf(`/v1/csv/sales?${PERIOD}&lang=en`);
    expect(rows[0]!.slice(11, 17)).toEqual(['Payment amount (JPY, refunds negative)', 'Billed (JPY)', 'Received (JPY)', 'Applied to fee (JPY)', 'Refunded (JPY, negative)', 'Balance (JPY)']);
    expect(rows[2]!.slice(6, 9)).toEqual(['Discrepancy', 'Refund', 'By the operator']);
  });

  it('card settlement: captures and refunds by the day they happened, refunds negative numbers left as numbers', async () => {
    const { rows, text } = await csvOf(`/v1/csv/prepaid-agent-payment?${PERIOD}`);
    expect(rows[0]).toEqual(HEADERS['prepaid-agent-payment'].ja);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([
      [DAY1, 'カード売上', '15000', 'ch_test_1', '90000001'],
      [DAY1, 'カード売上', '8000', 'ch_test_2', '90000002'],
      [DAY2, '返金', '-2000', 're_test_1', '90000001'],
    ]);
    expect(text).not.toContain("'-2000");
  });

  it('train data: per train and day, capacity and seats held on the busiest leg, bookings and people', async () => {
    const { rows, filename } = await csvOf(`/v1/csv/services?${PERIOD}`);
    expect(filename).toBe('train_data_20580201-20580202.csv');
    expect(rows[0]).toEqual(HEADERS.services.ja);
    const row = rows.find((r) => r[0] === DAY1)!;
    expect(row.slice(2)).toEqual(['下り', '60', '20', '1', '12', '1', '12']);
    expect(rows.slice(1)).toHaveLength(1);
  });

  it('booking summary: per day and train, active bookings, people and each booking’s amount once', async () => {
    const { rows } = await csvOf(`/v1/csv/booking-summary?${PERIOD}&lang=en`);
    expect(rows[0]).toEqual(HEADERS['booking-summary'].en);
    const body = rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5]]);
    expect(body).toEqual([
      [DAY1, 'Down', '1', '12', '15000'],
      [DAY1, 'Up', '1', '12', '0'],
      [DAY2, 'Down', '1', '3', '4500'],
    ]);
    // Train names come from the timetable in the asked language.
    const [name] = await ctx.database.db.execute(sql`select names from services where id = ${down.id}`).then((r) => (r as unknown as { rows: { names: { language_id: string; text: string }[] }[] }).rows.map((x) => x.names.find((l) => l.language_id === 'en')?.text));
    expect(rows[1]![1]).toBe(name);
  });
});

/**
 * A long period (DESIGN §10 "Reports"): on PostgreSQL the rows come through a cursor on a pool
 * client of its own, PAGE_SIZE rows a batch; on PGlite, keyset pages. Either way the file is
 * whole and in order, and a download stopped half-way gives its connection back.
 */
describe('a download over many batches', () => {
  const FROM = '2059-03-01';
  const TO = '2059-03-31';
  const LONG = PAGE_SIZE * 2 + 234;
  const req = { kind: 'bookings' as const, from_date: FROM, to_date: TO, encoding: 'utf-8' as const, lang: 'ja' as const };
  /**
   * Bookings numbered from `first`, one a day round the month from `from`, with their down train.
   * Nine-digit numbers: a booking made through the API draws eight digits at random, so the
   * generated range can never meet one. Booking numbers are text: an eight-digit one such as
   * 92003456 sorts between '920000000' and '920059999', so the range is taken at nine digits only.
   */
  const generate = async (first: number, count: number, from: string) => {
    const db = ctx.database.db;
    await db.execute(sql`
      insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant, participant_quantity, total_amount_e6, submitted_at)
      select (${first}::int + g)::text, md5('csv-long-' || (${first}::int + g)), ${agentRow.id}, ${branch.id}, 'SUBMITTED', 'INITIAL', 'NORMAL', '長期間の団体 ' || g, '{}'::jsonb, '{}'::jsonb, 10, 15000000000, timestamp '2059-01-05'
      from generate_series(0, ${count - 1}) g`);
    await db.execute(sql`
      insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
      select b.id, 'down', ${from}::date + (b.id % 30)::int, ${down.id}, 1, 4
      from bookings b where length(b.booking_id) = 9 and b.booking_id between ${String(first)} and ${String(first + count - 1)}`);
    // As autovacuum would: without statistics the planner takes the new rows for a handful and scans booking_services once per booking.
    await db.execute(sql`analyze bookings, booking_services`);
  };
  /** Backends other than this one still running (or holding open) the bookings report's SELECT (its start: the text shown is cut at 1 kB). */
  const busyReportQueries = async () =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query like '%select b.id, b.booking_id, to_char(%'`),
    )[0]!.n;

  beforeAll(async () => {
    await generate(910_000_000, LONG, FROM);
  });

  it('is whole and in booking order, read in batches of PAGE_SIZE', async () => {
    expect(ctx.database.streamRows === undefined).toBe(ctx.database.engine === 'pglite');
    const batches: number[] = [];
    const counting: ReportReader = {
      db: ctx.database.db,
      streamRows: ctx.database.streamRows && (<T>(query: Parameters<NonNullable<ReportReader['streamRows']>>[0], batch: number) =>
        (async function* () {
          for await (const rows of ctx.database.streamRows!<T>(query, batch)) {
            batches.push(rows.length);
            yield rows;
          }
        })()),
    };
    const chunks: Buffer[] = [];
    for await (const c of createReportsService({ reader: counting }).stream(req)) chunks.push(c as Buffer);
    const numbers = parseCsv(Buffer.concat(chunks).toString('utf8').slice(1)).slice(1).map((r) => Number(r[0]));
    expect(numbers).toHaveLength(LONG);
    expect(numbers).toEqual(Array.from({ length: LONG }, (_, i) => 910_000_000 + i));
    if (ctx.database.engine === 'postgres') expect(batches).toEqual([PAGE_SIZE, PAGE_SIZE, 234]);

    const res = await get(`/v1/csv/bookings/download?from_date=${FROM}&to_date=${TO}`);
    expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('gives its connection back when the reader stops half-way, more times than the pool has connections', async () => {
    for (let i = 0; i < 15; i++) {
      const stream = createReportsService({ reader: ctx.database }).stream(req, 10);
      let chunks = 0;
      for await (const chunk of stream) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        if (++chunks === 3) break; // the header and two batches; break destroys the stream
      }
    }
    // Fifteen cursors left open would have emptied the pool (12 in tests): this would never answer.
    const chunks: Buffer[] = [];
    for await (const c of createReportsService({ reader: ctx.database }).stream(req)) chunks.push(c as Buffer);
    expect(parseCsv(Buffer.concat(chunks).toString('utf8').slice(1))).toHaveLength(LONG + 1);
    if (ctx.database.engine === 'postgres') expect(await until(busyReportQueries, (n) => n === 0, 'no open report cursor')).toBe(0);
  });

  it('closes the cursor when the HTTP client aborts the download', async () => {
    // On PostgreSQL, over the socket buffers of both ends: the server is still reading rows when
    // the client goes. (PGlite holds no cursor; there the test only shows the database free after.)
    const BIG = ctx.database.engine === 'postgres' ? 60_000 : 600;
    const period = 'from_date=2059-04-01&to_date=2059-04-30';
    await generate(920_000_000, BIG, '2059-04-01');
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const res = await fetch(`${address}/v1/csv/bookings/download?${period}`, { headers: staff, signal: abort.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      if (ctx.database.engine === 'postgres') expect(await until(busyReportQueries, (n) => n === 1, 'the download’s cursor open')).toBe(1);
      abort.abort();
      await reader.read().catch(() => undefined);
    } finally {
      abort.abort();
    }
    if (ctx.database.engine === 'postgres') expect(await until(busyReportQueries, (n) => n === 0, 'the cursor closed')).toBe(0);
    // The connection is back: the database answers, and a whole download still comes.
    const again = await get(`/v1/csv/bookings/download?${period}`);
    expect(parseCsv(again.body.slice(1))).toHaveLength(BIG + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { addDays } from '@sagano/domain/common/business-date';
import * as t from '../src/db/schema.ts';
import { demo } from './support/demo-days.ts';
import { errorOf, injector, signInRoles, type Headers, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking, reservedBooking } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: Headers;
let station: Headers;
let agent: Headers;

beforeAll(async () => {
  ({ ctx, fx } = await openBookingTestApp()); // service days in 2058
  ({ staff, station, agent } = await signInRoles(ctx));
});
afterAll(() => ctx.close());

const BASE = '/v1/master-data/group-schedules';
const call = injector(() => ctx, () => staff);

function schedule(overrides: Record<string, unknown> = {}) {
  return {
    service_from_date: '2059-01-01',
    service_to_date: '2059-06-30',
    name: '2059年 上期',
    group_arrangement_release_day_before: 14,
    payment_day_before: 10,
    remind_day_before: 21,
    ...overrides,
  };
}

async function rows() {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.groupSchedules);
  return row!.n;
}

async function logged(operation: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.operationLogs).where(and(eq(t.operationLogs.operation, operation), eq(t.operationLogs.isError, false)));
  return row!.n;
}

describe('group schedules', () => {
  it('lists the demo schedules, earliest first', async () => {
    const { firstYear, years } = demo; // one schedule for each of the demo's years
    const res = await call('GET', BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json().group_schedules.map((s: { service_from_date: string }) => s.service_from_date)).toEqual(years.map((y) => `${y}-01-01`));
    expect(res.json().group_schedules[0]).toMatchObject({ service_to_date: `${firstYear}-12-31`, name: `${firstYear}年 団体スケジュール`, payment_day_before: 10 });
  });

  it('adds a schedule, reads it by its first date, changes it, and logs both writes', async () => {
    const created = await call('POST', BASE, schedule());
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject(schedule());
    expect((await call('GET', `${BASE}/2059-01-01`)).json()).toMatchObject({ name: '2059年 上期', remind_day_before: 21 });

    const changed = await call('PUT', `${BASE}/2059-01-01`, { name: '2059年 上期（改定）', service_to_date: '2059-07-31', group_arrangement_release_day_before: 7, payment_day_before: 5, remind_day_before: 30 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ service_from_date: '2059-01-01', service_to_date: '2059-07-31', name: '2059年 上期（改定）', payment_day_before: 5 });
    expect(await logged('group_schedules.create')).toBe(1);
    expect(await logged('group_schedules.update')).toBe(1);
  });

  it('refuses a period that overlaps another schedule, naming it, and writes nothing', async () => {
    const before = await rows();
    const res = await call('POST', BASE, schedule({ service_from_date: '2059-07-01', service_to_date: '2059-12-31' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ error_code: 'GROUP_SCHEDULE_OVERLAP', field: 'service_from_date' });
    expect(errorOf(res).error_description).toContain('2059年 上期');
    expect(await rows()).toBe(before);
    // Lengthening a schedule over its neighbour is refused the same way.
    await call('POST', BASE, schedule({ service_from_date: '2059-08-01', service_to_date: '2059-12-31', name: '2059年 下期' }));
    const longer = await call('PUT', `${BASE}/2059-01-01`, { ...schedule({ service_to_date: '2059-08-15' }), service_from_date: undefined });
    expect(longer.statusCode).toBe(409);
    expect((await call('GET', `${BASE}/2059-01-01`)).json().service_to_date).toBe('2059-07-31');
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ service_from_date: '2060-13-01' }, 'service_from_date'],
      [{ service_from_date: '2060-06-01', service_to_date: '2060-05-31' }, 'service_to_date'],
      [{ service_from_date: '2060-01-01', service_to_date: '2060-12-31', payment_day_before: -1 }, 'payment_day_before'],
      [{ service_from_date: '2060-01-01', service_to_date: '2060-12-31', remind_day_before: 2.5 }, 'remind_day_before'],
      [{ service_from_date: '2060-01-01', service_to_date: '2060-12-31', group_arrangement_release_day_before: 366 }, 'group_arrangement_release_day_before'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', BASE, schedule(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, field).toBe(field);
    }
    const backwards = await call('PUT', `${BASE}/2059-01-01`, { name: 'x', service_to_date: '2058-12-31', group_arrangement_release_day_before: 1, payment_day_before: 1, remind_day_before: 1 });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards)).toMatchObject({ field: 'service_to_date', error_description: 'service_to_date: the end of the service period must be after the start' });
    expect(await rows()).toBe(before);
    expect((await call('GET', `${BASE}/2099-01-01`)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/2099-01-01`, { name: 'x', service_to_date: '2099-12-31', group_arrangement_release_day_before: 1, payment_day_before: 1, remind_day_before: 1 })).statusCode).toBe(404);
  });

  it('is back-office master data: station staff and agents do not read it, only the back office writes', async () => {
    expect((await call('GET', BASE, undefined, station)).statusCode).toBe(403);
    expect((await call('GET', BASE, undefined, agent)).statusCode).toBe(403);
    expect((await call('POST', BASE, schedule({ service_from_date: '2061-01-01', service_to_date: '2061-12-31' }), agent)).statusCode).toBe(403);
    expect((await call('POST', BASE, schedule({ service_from_date: '2061-01-01', service_to_date: '2061-12-31' }), station)).statusCode).toBe(403);
  });

  it("sets a card payment's due date from the schedule covering the first service date", async () => {
    const day = fx.days[0]!;
    const [agentRow] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'FREE'));
    const confirmOne = async () => {
      const id = await confirmedBooking(ctx, staff, { agentId: agentRow!.id, day, serviceId: fx.down, adults: 10, groupName: '期日テスト団体' });
      return (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: staff })).json().main_params.payment.due_date as string;
    };
    const daysBefore = (n: number) => addDays(day, -n);
    // No schedule covers 2058: seven days before.
    expect(await confirmOne()).toBe(daysBefore(7));
    const year = day.slice(0, 4);
    expect((await call('POST', BASE, schedule({ service_from_date: `${year}-01-01`, service_to_date: `${year}-12-31`, payment_day_before: 12 }))).statusCode).toBe(200);
    expect(await confirmOne()).toBe(daysBefore(12));
  });
});

describe('special contract terms', () => {
  const TERMS = '/v1/master-data/special-contract-terms';
  const term = (overrides: Record<string, unknown> = {}) => ({
    name: '2059年 秋の特約',
    submission_deadline: '2059-06-30',
    answer_date: '2059-07-15',
    service_from_date: '2059-10-01',
    service_to_date: '2059-11-30',
    ...overrides,
  });
  const termRows = async () => (await ctx.database.db.select({ n: count() }).from(t.specialContractTerms))[0]!.n;

  it('adds a term, reads it by its first date, changes it and deletes it, logging each write', async () => {
    expect((await call('GET', TERMS)).json()).toEqual({ special_contract_terms: [] });
    const created = await call('POST', TERMS, term());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject(term());
    const changed = await call('PUT', `${TERMS}/2059-10-01`, { name: '2059年 秋の特約（延長）', submission_deadline: '2059-07-10', answer_date: '2059-07-20', service_to_date: '2059-12-15' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', `${TERMS}/2059-10-01`)).json()).toMatchObject({ name: '2059年 秋の特約（延長）', answer_date: '2059-07-20', service_to_date: '2059-12-15' });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `${TERMS}/2059-10-01`, headers: staff });
    expect(removed.json()).toEqual({ ok: true });
    expect((await call('GET', `${TERMS}/2059-10-01`)).statusCode).toBe(404);
    for (const op of ['create', 'update', 'delete']) expect(await logged(`special_contract_terms.${op}`)).toBe(1);
  });

  it('refuses dates out of order and overlapping periods, naming the field, and writes nothing', async () => {
    await call('POST', TERMS, term());
    const before = await termRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ service_to_date: '2059-09-30' }, 'service_to_date', 'the end of the service period must be after the start'],
      [{ answer_date: '2059-06-29' }, 'answer_date', 'the answer date must not be before the submission deadline'],
      [{ answer_date: '2060-10-01' }, 'answer_date', 'the answer date must be before the service period starts'],
      [{ name: '' }, 'name', 'a name is required'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('POST', TERMS, term({ service_from_date: '2060-10-01', service_to_date: '2060-11-30', ...overrides }));
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ field, error_description: `${field}: ${message}` });
    }
    const overlap = await call('POST', TERMS, term({ name: '重複', service_from_date: '2059-11-01', service_to_date: '2060-01-31' }));
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap)).toMatchObject({ error_code: 'SPECIAL_CONTRACT_TERM_OVERLAP', field: 'service_from_date' });
    const backwards = await call('PUT', `${TERMS}/2059-10-01`, { name: 'x', submission_deadline: '2059-06-30', answer_date: '2059-07-15', service_to_date: '2059-09-01' });
    expect(errorOf(backwards)).toMatchObject({ field: 'service_to_date' });
    expect(await termRows()).toBe(before);
    expect((await call('GET', TERMS, undefined, agent)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${TERMS}/2059-10-01`, headers: station })).statusCode).toBe(403);
  });
});

describe('operator basic info', () => {
  const INFO = '/v1/master-data/operator-basic-info';
  const info = { name: '嵯峨野観光鉄道株式会社', tel: '075-861-7444', business_hours: '8:30〜17:30', address: '京都市右京区嵯峨天龍寺車道町', invoice_number: 'T1130001234567' };

  it('starts with the operator as shipped, and signs the booking mails with what the back office saves', async () => {
    expect((await call('GET', INFO)).json()).toMatchObject({ name: '嵯峨野観光鉄道株式会社', tel: '075-861-7444', business_hours: '9:00〜17:00', invoice_number: 'T1130001234567' });
    const saved = await call('PUT', INFO, info);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(info);
    expect(await logged('operator_basic_info.update')).toBe(1);

    const [agentRow] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'CONTRACTED'));
    const id = await reservedBooking(ctx, staff, { agentId: agentRow!.id, day: fx.days[1]!, serviceId: fx.down, adults: 10 });
    const template = (await call('GET', `/v1/bookings/${id}/mail_templates/booking_ok`)).json();
    expect(template.body).toContain('嵯峨野観光鉄道株式会社 団体予約係\nTEL 075-861-7444（8:30〜17:30）');
  });

  it('names the field of bad input, writes nothing, and is the back office\'s to change', async () => {
    const before = (await call('GET', INFO)).json();
    for (const [overrides, field] of [
      [{ invoice_number: '1130001234567' }, 'invoice_number'],
      [{ name: '' }, 'name'],
      [{ tel: '075-861-7444 内線' }, 'tel'],
    ] as [Record<string, string>, string][]) {
      const res = await call('PUT', INFO, { ...info, ...overrides });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, field).toBe(field);
    }
    expect((await call('PUT', INFO, info, station)).statusCode).toBe(403);
    expect((await call('GET', INFO, undefined, agent)).statusCode).toBe(403);
    expect((await call('GET', INFO)).json()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { demo } from './support/demo-days.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';
import { addFixturePricing, createInventoryFixture, type InventoryFixture } from './support/inventory-fixture.ts';

type Unit = { id: number; segment: string; annotation: string; fare_type: string; auto_calculated: boolean };

let ctx: TestApp;
let fx: InventoryFixture;
let admin: { authorization: string };
let staff: { authorization: string };
let units: Unit[];

beforeAll(async () => {
  ctx = await createTestApp();
  fx = await createInventoryFixture(ctx.database.db);
  // The fixture's 2058 plans come with the test that books on them (below): the plans the tests
  // before it make take the year after the demo's, which is 2058 when the suite runs in 2056.
  await ctx.database.db.delete(t.freeCountPlans);
  admin = await ctx.login('admin@example.com');
  staff = await ctx.login('staff@example.com');
  units = (await ctx.app.inject({ method: 'GET', url: '/v1/units' })).json().units;
});
afterAll(() => ctx.close());

/** `headers` null calls without signing in. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: { authorization: string } | null = staff) =>
  ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

/** A full price table for the segment: adults `adult` yen, children half, fee 220 yen. */
function priceTable(segment: string, adult = 800) {
  return units
    .filter((u) => u.segment === segment && !u.auto_calculated)
    .map((u) => ({ unit_id: u.id, price_e6: (u.fare_type === 'ADULT' ? adult : adult / 2) * E6, decrement_fee_e6: 220 * E6 }));
}

// The demo plans price the demo's years (to next year); the plans made here price the year after.
const { lastYear } = demo;
const NEXT = lastYear + 1;

function plan(overrides: Record<string, unknown> = {}) {
  return { name: `一般団体 ${NEXT}年度`, segment: 'NORMAL', service_date_from: `${NEXT}-01-01`, service_date_to: `${NEXT}-12-31`, units: priceTable('NORMAL'), ...overrides };
}

/** Successful writes logged under `operation`. */
async function logged(operation: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.operationLogs).where(and(eq(t.operationLogs.operation, operation), eq(t.operationLogs.isError, false)));
  return row!.n;
}

describe('group pricing plans', () => {
  it('lists the demo plans with the spec 9.4 prices per segment', async () => {
    const res = await call('GET', '/v1/pricing_plans?segment=NORMAL');
    expect(res.statusCode).toBe(200);
    const demoPlan = res.json().pricing_plans.find((p: { service_date_from: string }) => p.service_date_from === demo.term.fromDate);
    expect(demoPlan).toMatchObject({ segment: 'NORMAL', service_date_to: demo.term.toDate });
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    expect(demoPlan.units.find((u: { unit_id: number }) => u.unit_id === adult.id)).toEqual({ unit_id: adult.id, price_e6: 800 * E6, decrement_fee_e6: 220 * E6 });
    expect(demoPlan.units).toHaveLength(priceTable('NORMAL').length);
    const school = (await call('GET', '/v1/group-product/pricing_plans?segment=SCHOOL')).json().pricing_plans;
    expect(school.every((p: { segment: string }) => p.segment === 'SCHOOL')).toBe(true);
  });

  it('creates, reads, changes and deletes a plan under both paths, logging each write', async () => {
    const created = await call('POST', '/v1/pricing_plans', plan(), admin);
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ name: `一般団体 ${NEXT}年度`, segment: 'NORMAL', service_date_from: `${NEXT}-01-01`, service_date_to: `${NEXT}-12-31` });

    for (const base of ['/v1/pricing_plans', '/v1/group-product/pricing_plans']) {
      const got = await call('GET', `${base}/${id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json().units).toHaveLength(priceTable('NORMAL').length);
    }

    const changed = await call('PUT', `/v1/group-product/pricing_plans/${id}`, plan({ name: `一般団体 ${NEXT}年度（改定）`, units: priceTable('NORMAL', 900) }), admin);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe(`一般団体 ${NEXT}年度（改定）`);
    expect(Math.max(...changed.json().units.map((u: { price_e6: number }) => u.price_e6))).toBe(900 * E6);

    expect((await call('DELETE', `/v1/pricing_plans/${id}`, undefined, admin)).statusCode).toBe(200);
    expect((await call('GET', `/v1/pricing_plans/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/group-product/pricing_plans/${id}`, undefined, admin)).statusCode).toBe(404);
    expect([await logged('pricing_plans.create'), await logged('pricing_plans.update'), await logged('pricing_plans.delete')]).toEqual([1, 1, 1]);
  });

  it('refuses bad input with the field and the message', async () => {
    const cases: [object, string, string][] = [
      [plan({ name: '  ' }), 'name', 'name: a name is required'],
      [plan({ name: undefined }), 'name', 'name: a name is required'],
      [plan({ service_date_from: `${NEXT}-12-31`, service_date_to: `${NEXT}-01-01` }), 'service_date_to', 'service_date_to: end date must be after start date'],
      [plan({ service_date_from: `${NEXT}-02-30` }), 'service_date_from', ''],
      [plan({ segment: 'VIP' }), 'segment', ''],
      [plan({ units: priceTable('NORMAL').map((u, i) => (i === 0 ? { ...u, price_e6: -1 } : u)) }), 'units.0.price_e6', 'units.0.price_e6: enter a non-negative integer'],
      [plan({ units: priceTable('NORMAL').map((u, i) => (i === 0 ? { ...u, decrement_fee_e6: 1.5 } : u)) }), 'units.0.decrement_fee_e6', 'units.0.decrement_fee_e6: enter a non-negative integer'],
      [plan({ units: priceTable('NORMAL').slice(1) }), 'units', 'units: every unit of the segment needs a price'],
      [plan({ units: [...priceTable('NORMAL'), priceTable('NORMAL')[0]] }), 'units', 'units: each unit may be priced once'],
      [plan({ units: [...priceTable('NORMAL'), { unit_id: units.find((u) => u.segment === 'NORMAL' && u.auto_calculated)!.id, price_e6: 0, decrement_fee_e6: 0 }] }), 'units', 'units: free units are not priced'],
      [plan({ units: [...priceTable('NORMAL'), priceTable('SCHOOL')[0]] }), 'units', 'are not normal group units'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/v1/pricing_plans', payload, admin);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
      expect(errorOf(res).error_description).toContain(message);
    }
    expect((await call('PUT', '/v1/pricing_plans/999999', plan(), admin)).statusCode).toBe(404);
  });

  it('refuses dates overlapping another plan of the segment (409), not of the other segment', async () => {
    const overlap = await call('POST', '/v1/pricing_plans', plan({ service_date_from: `${lastYear}-12-01`, service_date_to: `${NEXT}-03-31` }), admin);
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap)).toMatchObject({ error_code: 'PRICING_PLAN_OVERLAP', field: 'service_date_from' });
    expect(errorOf(overlap).error_description).toMatch(new RegExp(`overlap the normal group pricing plan "一般団体 ${demo.planYears}"`));

    const school = await call('POST', '/v1/pricing_plans', plan({ name: `学生団体 ${NEXT}`, segment: 'SCHOOL', units: priceTable('SCHOOL', 710) }), admin);
    expect(school.statusCode).toBe(200);
    const normal = await call('POST', '/v1/pricing_plans', plan(), admin);
    expect(normal.statusCode).toBe(200);
    // Moving one plan onto the other's dates is refused too.
    const moved = await call('PUT', `/v1/pricing_plans/${normal.json().id}`, plan({ service_date_from: `${lastYear}-06-01` }), admin);
    expect(errorOf(moved).error_code).toBe('PRICING_PLAN_OVERLAP');
    for (const id of [school.json().id, normal.json().id]) await call('DELETE', `/v1/pricing_plans/${id}`, undefined, admin);
  });

  it('keeps a plan bookings travel under: no delete, no giving up their dates or segment', async () => {
    await addFixturePricing(ctx.database.db); // 2058 plans; the fixture replaces the free count plans
    await ctx.database.db.delete(t.freeCountPlans);
    const plans = (await call('GET', '/v1/pricing_plans')).json().pricing_plans as { id: number; segment: string; service_date_from: string; name: string; units: object[] }[];
    const normalFixture = plans.find((p) => p.segment === 'NORMAL' && p.service_date_from === '2058-01-01')!;
    const schoolFixture = plans.find((p) => p.segment === 'SCHOOL' && p.service_date_from === '2058-01-01')!;
    const agent = (await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'FREE')))[0]!;
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const booked = await call('POST', '/v1/bookings', {
      applicant: { name: '中村 さくら', email: 'sakura@example.com', phone_number: '075-111-2222' },
      tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
      group: { group_type: 'NORMAL', name: '桜ヶ丘町内会', name_kana: 'サクラガオカチョウナイカイ', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 20 }], wheel_chairs: [] },
      agent_id: agent.id,
    });
    expect(booked.statusCode).toBe(200);

    const body = (p: typeof normalFixture, o: Record<string, unknown>) => ({ name: p.name, segment: p.segment, service_date_from: '2058-01-01', service_date_to: '2058-12-31', units: p.units, ...o });
    const removed = await call('DELETE', `/v1/pricing_plans/${normalFixture.id}`, undefined, admin);
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed)).toMatchObject({ error_code: 'PRICING_PLAN_IN_USE', error_description: '1 booking travel on dates this plan prices' });
    const narrowed = await call('PUT', `/v1/pricing_plans/${normalFixture.id}`, body(normalFixture, { service_date_from: '2058-06-01' }), admin);
    expect(errorOf(narrowed).error_code).toBe('PRICING_PLAN_IN_USE');
    // Renaming and repricing, or narrowing around the booked day, is fine.
    const kept = await call('PUT', `/v1/pricing_plans/${normalFixture.id}`, body(normalFixture, { name: '一般団体 2058', service_date_from: '2058-05-01', service_date_to: '2058-05-31' }), admin);
    expect(kept.statusCode).toBe(200);
    // The school plan prices no booking: it may go.
    expect((await call('DELETE', `/v1/pricing_plans/${schoolFixture.id}`, undefined, admin)).statusCode).toBe(200);
  });

  it('answers the prices in force on a date to anyone, per segment', async () => {
    const res = await call('GET', `/v1/pricing/${demo.thisYear}-08-01`, undefined, null);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe(`${demo.thisYear}-08-01`);
    expect(body.pricing_plans.map((p: { segment: string }) => p.segment)).toEqual(['NORMAL', 'SCHOOL']);
    const schoolAdult = units.find((u) => u.segment === 'SCHOOL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    expect(body.pricing_plans[1].units).toContainEqual({ unit_id: schoolAdult.id, price_e6: 710 * E6, decrement_fee_e6: 0 });
    expect((await call('GET', '/v1/pricing/2040-01-01', undefined, null)).json().pricing_plans).toEqual([]);
    expect(errorOf(await call('GET', '/v1/pricing/2026-13-01', undefined, null)).field).toBe('date');
  });

  it('lets the back office alone read and write', async () => {
    const station = await ctx.login('station@example.com');
    expect((await call('GET', '/v1/pricing_plans', undefined, station)).statusCode).toBe(403);
    expect((await call('GET', '/v1/free_count_plans', undefined, station)).statusCode).toBe(403);
    expect((await call('POST', '/v1/pricing_plans', plan(), station)).statusCode).toBe(403);
    const agent = await ctx.login('agent-free@example.com');
    expect((await call('GET', '/v1/pricing_plans', undefined, agent)).statusCode).toBe(403);
    expect((await call('GET', '/v1/free_count_plans', undefined, agent)).statusCode).toBe(403);
    expect((await call('GET', '/v1/pricing_plans', undefined, null)).statusCode).toBe(401);
  });
});

describe('free count plans', () => {
  it('creates, reads, changes and deletes ranges under the spec paths', async () => {
    const a = await call('POST', '/v1/free_count_plans', { min: 15, max: 50, free_quantity: 1 }, admin);
    expect(a.statusCode).toBe(200);
    const b = await call('POST', '/v1/group-product/free_count_plans', { min: 51, max: 100, free_quantity: 2 }, admin);
    expect(b.statusCode).toBe(200);
    for (const base of ['/v1/free_count_plans', '/v1/group-product/free_count_plans']) {
      expect((await call('GET', base)).json().free_count_plans.map((p: { min: number }) => p.min)).toEqual([15, 51]);
      expect((await call('GET', `${base}/${b.json().id}`)).json()).toMatchObject({ min: 51, max: 100, free_quantity: 2 });
    }
    const changed = await call('PUT', `/v1/free_count_plans/${b.json().id}`, { min: 51, max: 120, free_quantity: 3 }, admin);
    expect(changed.json()).toMatchObject({ id: b.json().id, max: 120, free_quantity: 3 });
    // A plan may be saved over its own range.
    expect((await call('PUT', `/v1/free_count_plans/${a.json().id}`, { min: 10, max: 50, free_quantity: 1 }, admin)).statusCode).toBe(200);

    expect((await call('DELETE', `/v1/group-product/free_count_plans/${b.json().id}`, undefined, admin)).statusCode).toBe(200);
    expect((await call('GET', `/v1/free_count_plans/${b.json().id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/free_count_plans/${b.json().id}`, { min: 51, max: 100, free_quantity: 2 }, admin)).statusCode).toBe(404);
    expect([await logged('free_count_plans.create'), await logged('free_count_plans.update'), await logged('free_count_plans.delete')]).toEqual([2, 2, 1]);
    await call('DELETE', `/v1/group-product/free_count_plans/${a.json().id}`, undefined, admin);
  });

  it('says "enter a correct number" for bad or overlapping ranges and saves nothing', async () => {
    const first = await call('POST', '/v1/free_count_plans', { min: 15, max: 50, free_quantity: 1 }, admin);
    const cases: [object, string][] = [
      [{ min: 0, max: 10, free_quantity: 0 }, 'min'],
      [{ min: 60, max: 55, free_quantity: 1 }, 'max'],
      [{ min: 60, max: 70, free_quantity: 71 }, 'free_quantity'],
      [{ min: 40, max: 70, free_quantity: 2 }, 'min'],
      [{ min: 1, max: 15, free_quantity: 0 }, 'min'],
      [{ min: 1.5, max: 10, free_quantity: 0 }, 'min'],
      [{ min: 60, max: 70, free_quantity: -1 }, 'free_quantity'],
      [{ min: 60, max: 70 }, 'free_quantity'],
      [{ min: '60', max: 70, free_quantity: 1 }, 'min'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/v1/free_count_plans', payload, admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res), JSON.stringify(payload)).toEqual({ error_code: 'VALIDATION_FAILED', error_description: `${field}: enter a correct number`, field });
    }
    const second = await call('POST', '/v1/free_count_plans', { min: 51, max: 100, free_quantity: 2 }, admin);
    const overlapByChange = await call('PUT', `/v1/free_count_plans/${second.json().id}`, { min: 50, max: 100, free_quantity: 2 }, admin);
    expect(errorOf(overlapByChange)).toMatchObject({ error_code: 'VALIDATION_FAILED', error_description: 'min: enter a correct number' });
    expect((await call('GET', '/v1/free_count_plans')).json().free_count_plans).toHaveLength(2);
    for (const p of [first, second]) await call('DELETE', `/v1/group-product/free_count_plans/${p.json().id}`, undefined, admin);
  });

  it('saves one of two overlapping ranges sent at once', async () => {
    const results = await Promise.all(
      [{ min: 200, max: 300, free_quantity: 4 }, { min: 250, max: 350, free_quantity: 4 }].map((p) => call('POST', '/v1/free_count_plans', p, admin)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await call('GET', '/v1/free_count_plans')).json().free_count_plans).toHaveLength(1);
  });
});

describe('products', () => {
  it('lists the demo group ticket and adds and changes products', async () => {
    const agent = await ctx.login('agent-free@example.com');
    const list = await call('GET', '/v1/products?service_dates=2026-08-01,2026-08-02', undefined, agent);
    expect(list.statusCode).toBe(200);
    // The group ticket, and the one sold to resellers over OCTO (ADR 039).
    expect(list.json().products).toEqual([expect.objectContaining({ short_name: '団体乗車券', channel: 'GROUP', priority: 0 }), expect.objectContaining({ channel: 'OCTO', priority: 10 })]);
    expect(errorOf(await call('GET', '/v1/products?service_dates=2026-08-99')).field).toBe('service_dates.0');

    const created = await call('POST', '/v1/products', { short_name: '団体乗車券（学生）' }, admin);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ short_name: '団体乗車券（学生）', channel: 'GROUP', priority: 0, labels: [] });
    const id = created.json().id as number;
    expect((await call('GET', `/v1/products/${id}`, undefined, agent)).json().short_name).toBe('団体乗車券（学生）');
    const changed = await call('PUT', `/v1/products/${id}`, { short_name: '学生団体乗車券', priority: 10, labels: [{ language_id: 'en', text: 'School group ticket' }] }, admin);
    expect(changed.json()).toMatchObject({ id, short_name: '学生団体乗車券', priority: 10 });
    expect([await logged('products.create'), await logged('products.update')]).toEqual([1, 1]);

    expect(errorOf(await call('POST', '/v1/products', { short_name: '' }, admin))).toMatchObject({ field: 'short_name', error_description: 'short_name: a name is required' });
    expect((await call('PUT', '/v1/products/999999', { short_name: 'x' }, admin)).statusCode).toBe(404);
    expect((await call('GET', '/v1/products/999999')).statusCode).toBe(404);
    expect((await call('POST', '/v1/products', { short_name: 'x' }, agent)).statusCode).toBe(403);
  });

  it('answers only the products sold on every service date asked for (service_dates), by id too', async () => {
    const agent = await ctx.login('agent-free@example.com');
    const autumn = await call('POST', '/v1/products', { short_name: '秋の団体乗車券', service_date_from: '2026-10-01', service_date_to: '2026-11-30' }, admin);
    expect(autumn.statusCode, autumn.body).toBe(200);
    expect(autumn.json()).toMatchObject({ service_date_from: '2026-10-01', service_date_to: '2026-11-30' });
    const fromDecember = await call('POST', '/v1/products', { short_name: '冬の団体乗車券', service_date_from: '2026-12-01' }, admin);
    expect(fromDecember.json()).toMatchObject({ service_date_from: '2026-12-01', service_date_to: null });
    const names = async (dates: string) => ((await call('GET', `/v1/products?service_dates=${dates}`, undefined, agent)).json().products as { short_name: string }[]).map((p) => p.short_name);

    // The demo ticket is open on both sides: always sold.
    expect(await names('2026-11-30')).toEqual(expect.arrayContaining(['団体乗車券', '秋の団体乗車券']));
    expect(await names('2026-11-30')).not.toContain('冬の団体乗車券');
    expect(await names('2026-12-01,2026-12-02')).toEqual(expect.arrayContaining(['団体乗車券', '冬の団体乗車券']));
    expect(await names('2026-12-01,2026-12-02')).not.toContain('秋の団体乗車券');
    // A round trip over the season's end: only what is sold on both days.
    const both = await names('2026-11-30,2026-12-01');
    expect(both).toContain('団体乗車券');
    expect(both).not.toContain('秋の団体乗車券');
    expect(both).not.toContain('冬の団体乗車券');
    // Without dates, every product.
    expect(await names('')).toEqual(expect.arrayContaining(['団体乗車券', '秋の団体乗車券', '冬の団体乗車券']));

    const id = autumn.json().id as number;
    expect((await call('GET', `/v1/products/${id}?service_dates=2026-10-15`, undefined, agent)).statusCode).toBe(200);
    expect((await call('GET', `/v1/products/${id}?service_dates=2026-12-15`, undefined, agent)).statusCode).toBe(404);

    // The period's end before its start is refused on service_date_to, nothing written; PUT replaces the dates too.
    const before = (await call('GET', '/v1/products')).json().products.length;
    const backwards = await call('POST', '/v1/products', { short_name: '逆', service_date_from: '2026-12-01', service_date_to: '2026-11-01' }, admin);
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).field).toBe('service_date_to');
    expect((await call('GET', '/v1/products')).json().products).toHaveLength(before);
    const open = await call('PUT', `/v1/products/${id}`, { short_name: '秋の団体乗車券' }, admin);
    expect(open.json()).toMatchObject({ service_date_from: null, service_date_to: null });
  });
});

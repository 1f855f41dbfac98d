import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema.ts';
import { createSignedInTestApp, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let staff: Headers;
beforeAll(async () => ({ ctx, staff } = await createSignedInTestApp({ staff: 'staff@example.com' })));
afterAll(() => ctx.close());

describe('demo reference data', () => {
  it('has the four stations in five languages and both directions', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/v1/stations' })).json();
    expect(body.stations.map((s: { station_id: number }) => s.station_id)).toEqual([1, 2, 3, 4]);
    for (const s of body.stations) expect(s.labels.map((l: { language_id: string }) => l.language_id).sort()).toEqual(['en', 'ja', 'ko', 'zh-hans', 'zh-hant']);
    expect(body.stations[1].labels.find((l: { language_id: string }) => l.language_id === 'ja').text).toBe('トロッコ嵐山');
    const [down, up] = body.directions;
    expect(down.direction_id).toBe('down');
    expect(down.stations.map((s: { station_id: number }) => s.station_id)).toEqual([1, 2, 3, 4]);
    expect(up.stations.map((s: { station_id: number }) => s.station_id)).toEqual([4, 3, 2, 1]);
  });

  it('has a train of five cars with boxes of four, wheelchair places in car 3 and standing in the Rich car', async () => {
    const { trains } = (await ctx.app.inject({ method: 'GET', url: '/v1/trains', headers: staff })).json();
    const [train] = trains;
    expect(train.cars.map((c: { seats: unknown[] }) => c.seats.length)).toEqual([64, 64, 64, 64, 40]);
    const rich = train.cars[4];
    expect(rich).toMatchObject({ is_rich: true, standing_capacity: 20 });
    const seats = train.cars.flatMap((c: { seats: { seat_id: string; seat_group_id: string; is_wheelchair: boolean; logical_car_id: number }[] }) => c.seats);
    const groups = new Map<string, number>();
    for (const s of seats) groups.set(s.seat_group_id, (groups.get(s.seat_group_id) ?? 0) + 1);
    expect([...groups.values()].every((n) => n === 4)).toBe(true);
    expect(seats.find((s: { seat_id: string }) => s.seat_id === '3-12C')).toMatchObject({ logical_car_id: 3, seat_group_id: '3-06CD' });
    const wheelchair = seats.filter((s: { is_wheelchair: boolean }) => s.is_wheelchair);
    expect(wheelchair.length).toBeGreaterThan(0);
    expect(wheelchair.every((s: { logical_car_id: number }) => s.logical_car_id === 3)).toBe(true);
  });

  it('has the arrangement types, units and the price table of spec 9.4 on the millionth scale', async () => {
    const types = (await ctx.app.inject({ method: 'GET', url: '/v1/arrangements-types', headers: staff })).json().arrangement_types;
    expect(types.map((a: { seat_type: string }) => a.seat_type)).toEqual(['NORMAL', 'NORMAL', 'NORMAL', 'WHEELCHAIR', 'STANDING', 'CLOSED']);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/arrangement-types' })).json().arrangement_types).toEqual(types);

    const { units } = (await ctx.app.inject({ method: 'GET', url: '/v1/units' })).json();
    expect(units).toHaveLength(20);
    expect(units.filter((u: { auto_calculated: boolean }) => u.auto_calculated).every((u: { annotation: string }) => u.annotation === 'FREE')).toBe(true);

    const prices = await ctx.database.db
      .select({ segment: t.units.segment, annotation: t.units.annotation, fare: t.units.fareType, price: t.pricingPlanUnits.priceE6, fee: t.pricingPlanUnits.decrementFeeE6 })
      .from(t.pricingPlanUnits)
      .innerJoin(t.units, (await import('drizzle-orm')).eq(t.units.id, t.pricingPlanUnits.unitId));
    const price = (segment: string, annotation: string, fare: string) => prices.find((p) => p.segment === segment && p.annotation === annotation && p.fare === fare);
    expect(price('NORMAL', 'NORMAL', 'ADULT')).toMatchObject({ price: 800_000_000, fee: 220_000_000 });
    expect(price('NORMAL', 'NORMAL', 'CHILD')).toMatchObject({ price: 400_000_000 });
    expect(price('NORMAL', 'SUPPORTER', 'ADULT')).toMatchObject({ price: 440_000_000, fee: 220_000_000 });
    expect(price('SCHOOL', 'NORMAL', 'ADULT')).toMatchObject({ price: 710_000_000, fee: 0 });
    expect(price('SCHOOL', 'HANDICAPPED_2', 'CHILD')).toMatchObject({ price: 220_000_000, fee: 0 });
    expect(price('NORMAL', 'FREE', 'ADULT')).toBeUndefined();
    expect(prices).toHaveLength(16);
  });
});

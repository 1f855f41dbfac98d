import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createSignedInTestApp, errorOf, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: Headers;
let station: Headers;
beforeAll(async () => ({ ctx, admin, station } = await createSignedInTestApp({ admin: 'admin@example.com', station: 'station@example.com' })));
afterAll(() => ctx.close());

type Body = {
  name: string;
  logical_train_id: number;
  cars: { logical_car_id: number; standing_capacity: number; standing_arrangement_type_id: number | null; arrangements: { seat_id: string; arrangement_type_id: number }[] }[];
};

async function patterns() {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/arrangements-patterns', headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().arrangement_patterns as { arrangement_pattern_id: number; name: string; is_in_use: boolean; seat_counts: { arrangement_type_id: number; seats: number }[]; standing_capacity: number }[];
}

async function pattern(id: number) {
  return ctx.app.inject({ method: 'GET', url: `/v1/arrangements-patterns/${id}`, headers: admin });
}

/** A complete body: the demo 団体多め pattern under a new name. */
async function completeBody(name = '試験パターン'): Promise<Body> {
  const list = await patterns();
  const more = (await pattern(list.find((p) => p.name === '団体多め')!.arrangement_pattern_id)).json();
  return { name, logical_train_id: more.logical_train_id, cars: more.cars };
}

async function countOf(table: typeof t.arrangementPatterns | typeof t.arrangementPatternSeats) {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('arrangement patterns', () => {
  it('lists the demo patterns with seats per type and standing places', async () => {
    const list = await patterns();
    const standard = list.find((p) => p.name === '標準')!;
    expect(standard).toMatchObject({ is_in_use: true, standing_capacity: 20 });
    // Cars 1-2 and 3 (less its wheelchair box) Group; car 4 split; car 5 Individual.
    expect(standard.seat_counts).toEqual([
      { arrangement_type_id: 1, seats: 188 },
      { arrangement_type_id: 2, seats: 72 },
      { arrangement_type_id: 3, seats: 32 },
      { arrangement_type_id: 4, seats: 4 },
    ]);
    const more = list.find((p) => p.name === '団体多め')!;
    expect(more.is_in_use).toBe(false);
    expect(more.seat_counts[0]).toEqual({ arrangement_type_id: 1, seats: 252 });
  });

  it('reads one pattern car by car with every seat and the standing places', async () => {
    const id = (await patterns()).find((p) => p.name === '標準')!.arrangement_pattern_id;
    const res = await pattern(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cars.map((c: { logical_car_id: number }) => c.logical_car_id)).toEqual([1, 2, 3, 4, 5]);
    expect(body.cars[2].arrangements.filter((a: { arrangement_type_id: number }) => a.arrangement_type_id === 4).map((a: { seat_id: string }) => a.seat_id).sort()).toEqual(['3-1A', '3-1B', '3-2A', '3-2B']);
    expect(body.cars[3].arrangements.find((a: { seat_id: string }) => a.seat_id === '4-9A').arrangement_type_id).toBe(3);
    expect(body.cars[4]).toMatchObject({ standing_capacity: 20, standing_arrangement_type_id: 5 });
    expect(body.cars[0]).toMatchObject({ standing_capacity: 0, standing_arrangement_type_id: null });
    expect((await pattern(99999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/arrangements-patterns/abc', headers: admin })).statusCode).toBe(400);
  });

  it('creates, changes and deletes a pattern, and logs each change', async () => {
    const body = await completeBody();
    const created = await ctx.app.inject({ method: 'POST', url: '/v1/arrangements-patterns', headers: admin, payload: body });
    expect(created.statusCode).toBe(200);
    const id = created.json().arrangement_pattern_id as number;
    expect(created.json()).toMatchObject({ name: '試験パターン', is_in_use: false });

    body.cars[0]!.arrangements = body.cars[0]!.arrangements.map((a) => ({ ...a, arrangement_type_id: 2 }));
    const updated = await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-patterns/${id}`, headers: admin, payload: { ...body, name: '試験パターン改' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe('試験パターン改');
    expect(updated.json().cars[0].arrangements.every((a: { arrangement_type_id: number }) => a.arrangement_type_id === 2)).toBe(true);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v1/arrangements-patterns/${id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await pattern(id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v1/arrangements-patterns/${id}`, headers: admin })).statusCode).toBe(404);

    const logs = await ctx.database.db.select({ operation: t.operationLogs.operation }).from(t.operationLogs);
    const names = logs.map((l) => l.operation);
    for (const op of ['arrangements.create_pattern', 'arrangements.update_pattern', 'arrangements.delete_pattern']) expect(names).toContain(op);
  });

  it('refuses a pattern with a seat left without a type, with the specification message', async () => {
    const body = await completeBody();
    body.cars[3]!.arrangements.pop();
    const before = await countOf(t.arrangementPatterns);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/arrangements-patterns', headers: admin, payload: body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ error_code: 'VALIDATION_FAILED', error_description: 'cars: every seat must have a pattern chosen', field: 'cars' });
    const noCar5 = await completeBody();
    noCar5.cars.pop();
    expect(errorOf(await ctx.app.inject({ method: 'POST', url: '/v1/arrangements-patterns', headers: admin, payload: noCar5 })).field).toBe('cars');
    expect(await countOf(t.arrangementPatterns)).toBe(before);
  });

  it('refuses unknown or inconsistent input naming the field, and writes nothing', async () => {
    const before = [await countOf(t.arrangementPatterns), await countOf(t.arrangementPatternSeats)];
    const cases: [(b: Body) => void, string, string][] = [
      [(b) => { b.name = '  '; }, 'name', 'name: enter a name'],
      [(b) => { b.logical_train_id = 99; }, 'logical_train_id', 'logical_train_id: unknown train'],
      [(b) => { b.cars[1]!.logical_car_id = 9; }, 'cars.1.logical_car_id', 'cars.1.logical_car_id: unknown car 9'],
      [(b) => { b.cars[1]!.logical_car_id = 1; }, 'cars.1.logical_car_id', 'cars.1.logical_car_id: car 1 is given twice'],
      [(b) => { b.cars[0]!.arrangements[2]!.seat_id = '1-99Z'; }, 'cars.0.arrangements.2.seat_id', 'cars.0.arrangements.2.seat_id: unknown seat 1-99Z in car 1'],
      [(b) => { b.cars[0]!.arrangements[2]!.seat_id = '2-1A'; }, 'cars.0.arrangements.2.seat_id', 'cars.0.arrangements.2.seat_id: unknown seat 2-1A in car 1'],
      [(b) => { b.cars[0]!.arrangements[2]!.seat_id = b.cars[0]!.arrangements[1]!.seat_id; }, 'cars.0.arrangements.2.seat_id', 'cars.0.arrangements.2.seat_id: seat 1-1B is given twice'],
      [(b) => { b.cars[0]!.arrangements[0]!.arrangement_type_id = 42; }, 'cars.0.arrangements.0.arrangement_type_id', 'cars.0.arrangements.0.arrangement_type_id: unknown arrangement type 42'],
      [(b) => { b.cars[0]!.arrangements[0]!.arrangement_type_id = 5; }, 'cars.0.arrangements.0.arrangement_type_id', 'cars.0.arrangements.0.arrangement_type_id: a seat cannot take a standing type'],
      [(b) => { b.cars[4]!.standing_capacity = 21; }, 'cars.4.standing_capacity', 'cars.4.standing_capacity: at most 20'],
      [(b) => { b.cars[0]!.standing_capacity = 1; }, 'cars.0.standing_capacity', 'cars.0.standing_capacity: at most 0'],
      [(b) => { b.cars[4]!.standing_arrangement_type_id = null; }, 'cars.4.standing_arrangement_type_id', 'cars.4.standing_arrangement_type_id: please select'],
      [(b) => { b.cars[4]!.standing_arrangement_type_id = 1; }, 'cars.4.standing_arrangement_type_id', 'cars.4.standing_arrangement_type_id: choose a standing type'],
      [(b) => { b.cars[4]!.standing_arrangement_type_id = 77; }, 'cars.4.standing_arrangement_type_id', 'cars.4.standing_arrangement_type_id: unknown arrangement type 77'],
      [(b) => { b.cars[4]!.standing_capacity = -1; }, 'cars.4.standing_capacity', ''],
    ];
    for (const [change, field, description] of cases) {
      const body = await completeBody();
      change(body);
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/arrangements-patterns', headers: admin, payload: body });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, description).toBe(field);
      if (description) expect(errorOf(res).error_description).toBe(description);
    }
    expect([await countOf(t.arrangementPatterns), await countOf(t.arrangementPatternSeats)]).toEqual(before);
  });

  it('refuses to delete or re-lay a pattern an application term uses, but lets it be renamed', async () => {
    const standard = (await patterns()).find((p) => p.name === '標準')!;
    const del = await ctx.app.inject({ method: 'DELETE', url: `/v1/arrangements-patterns/${standard.arrangement_pattern_id}`, headers: admin });
    expect(del.statusCode).toBe(409);
    expect(errorOf(del)).toMatchObject({ error_code: 'CONFLICT', error_description: 'the pattern is used by an arrangement application term and cannot be deleted' });

    const body = (await pattern(standard.arrangement_pattern_id)).json() as Body;
    const payload = { name: '標準（改）', logical_train_id: body.logical_train_id, cars: body.cars };
    payload.cars[0]!.arrangements[0]!.arrangement_type_id = 2;
    const relaid = await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-patterns/${standard.arrangement_pattern_id}`, headers: admin, payload });
    expect(relaid.statusCode).toBe(409);
    expect(errorOf(relaid).error_description).toMatch(/only its name can be changed/);

    payload.cars[0]!.arrangements[0]!.arrangement_type_id = 1;
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-patterns/${standard.arrangement_pattern_id}`, headers: admin, payload });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('標準（改）');
    await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-patterns/${standard.arrangement_pattern_id}`, headers: admin, payload: { ...payload, name: '標準' } });
  });

  it('is back office only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/arrangements-patterns' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/arrangements-patterns', headers: station })).statusCode).toBe(403);
    const body = await completeBody();
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/arrangements-patterns', headers: station, payload: body })).statusCode).toBe(403);
  });
});

/**
 * Bad input answers a clear 400 naming the field, never a 500 (DESIGN §10, input and tenant
 * edges): text PostgreSQL cannot store, integers beyond its integer columns, numeric strings in
 * JSON bodies, router errors, deep JSON; and the headers every answer carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTestApp, errorOf, latestOperationLog, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: Headers;
beforeAll(async () => ({ ctx, admin } = await createSignedInTestApp({ admin: 'admin@example.com' })));
afterAll(() => ctx.close());

const lastLog = async () => (await latestOperationLog(ctx))!;

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in the login name with the field named, and logs the attempt', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'admin\u0000@example.com', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'email' });
    expect(errorOf(res).error_description).toContain('NUL');
    const log = await lastLog();
    expect(log).toMatchObject({ operation: 'auth.login', isError: true, statusCode: 400, operator: 'admin\ufffd@example.com' });
    expect(JSON.stringify(log.requestJson)).toContain('admin\ufffd@example.com');
    expect(JSON.stringify(log.requestJson)).not.toContain('"x"');
  });

  it('refuses an unpaired surrogate in a body field, nested or not, and logs the call', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/agents',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name_ja":"旅行\\ud800社","main_admin_name":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'name_ja' });
    expect((await lastLog())).toMatchObject({ isError: true, statusCode: 400 });
    expect(JSON.stringify((await lastLog()).requestJson)).toContain('旅行\ufffd社');

    const nested = await ctx.app.inject({ method: 'POST', url: '/v1/reservations/check', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"from_station_id":1,"service":{"service_day":"2027-06-10","service_id":1,"seats":["1-1\\udc00"]}}' });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested).field).toBe('service.seats.0');
  });

  it('refuses a NUL in a query string or a path parameter', async () => {
    const query = await ctx.app.inject({ method: 'GET', url: '/v1/bookings/service_orders/search?group_name=a%00b', headers: admin });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'group_name' });
    const path = await ctx.app.inject({ method: 'GET', url: '/v1/bookings/1234%005678', headers: admin });
    expect(path.statusCode).toBe(400);
    expect(errorOf(path)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'booking_id' });
  });
});

describe('integers beyond the database integer range', () => {
  it('refuses them in bodies, nested ones included, with the range in the message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/reservations/check', headers: admin, payload: { from_station_id: 1, service: { service_day: '2027-06-10', service_id: 2147483648 } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'service.service_id' });
    expect(errorOf(res).error_description).toContain('2147483647');
    const low = await ctx.app.inject({ method: 'POST', url: '/v1/search-inventory', headers: admin, payload: { date: '2027-06-10', from_station_id: 1, to_station_id: 4, total: 2, product_id: -2147483649 } });
    expect(low.statusCode).toBe(400);
    expect(errorOf(low).field).toBe('product_id');
  });

  it('refuses them in path parameters and query strings', async () => {
    const path = await ctx.app.inject({ method: 'GET', url: '/v1/agents/2147483648', headers: admin });
    expect(path.statusCode).toBe(400);
    expect(errorOf(path)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'id' });
    const query = await ctx.app.inject({ method: 'GET', url: '/v1/users?page=2147483648', headers: admin });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query).field).toBe('page');
    // The largest integer still goes through.
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/agents/2147483647', headers: admin })).statusCode).toBe(404);
  });

  it('leaves amounts in millionths of a yen (bigint columns) to their own bounds', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const check = doc.paths['/v1/reservations/check'].post.requestBody.content['application/json'].schema;
    expect(check.properties.service.properties.service_id.maximum).toBe(2147483647);
    const plan = doc.paths['/v1/pricing_plans'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(plan)).toContain('"price_e6":{"type":"integer","minimum":0,"maximum":10000000000000}');
  });
});

describe('numbers in JSON bodies are JSON numbers', () => {
  it('refuses a numeric string in a body, keeps coercion for the query string', async () => {
    const body = { date: '2027-06-10', from_station_id: 1, to_station_id: 4, total: '12' };
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/search-inventory', headers: admin, payload: body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'total' });
    expect(errorOf(res).error_description).toBe('total: must be a number, not text');
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/search-inventory', headers: admin, payload: { ...body, total: 12 } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/users?page=1&per_page=5', headers: admin })).json().per_page).toBe(5);
  });
});

describe('router errors and deep JSON', () => {
  it('answers bad percent-encoding and an over-long path parameter with a 400 in the error shape', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/bookings/%E0%A4%A', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'path' });
    expect(bad.headers['permissions-policy']).toContain('camera=()');
    const long = await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${'1'.repeat(101)}`, headers: admin });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'path' });
  });

  it('refuses JSON nested deeper than any request needs', async () => {
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/search-inventory', headers: { ...admin, 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'a' });
  });
});

describe('headers', () => {
  it('sends a restrictive permissions policy on every answer, and no-store on API answers', async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: admin });
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
    const login = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'admin@example.com', password: 'wrong' } });
    expect(login.headers['cache-control']).toBe('no-store');
    const health = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['permissions-policy']).toContain('microphone=()');
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(missing.headers['permissions-policy']).toContain('microphone=()');
  });
});

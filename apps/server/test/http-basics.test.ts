import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';
import { BODY_LIMIT_BYTES } from '../src/app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('HTTP basics', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready' });
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers every error in one shape', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ error_code: 'NOT_FOUND' });

    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(errorOf(unauthenticated).error_code).toBe('UNAUTHENTICATED');

    const malformed = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).error_code).toBe('VALIDATION_FAILED');

    const huge = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a', password: 'x'.repeat(BODY_LIMIT_BYTES) }) });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('fails closed: API routes without an access rule are back-office only', async () => {
    const station = await ctx.login('station@example.com');
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/operation-logs', headers: station, payload: {} });
    expect(res.statusCode).toBe(403);
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/auth/login', '/v1/users', '/v1/users/{uid}', '/v1/operation-logs', '/v1/stations']));
    expect(doc.paths['/v1/users'].post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'name', 'user_group', 'user_type']));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
});
afterAll(() => ctx.close());

describe('login rate limit per address', () => {
  it('answers 429 in the common error shape once an address exceeds its calls per minute', async () => {
    const emails = ['admin@example.com', 'staff@example.com', 'station@example.com', 'agent-free@example.com'];
    const codes = [];
    for (const email of emails) {
      codes.push((await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: 'Sagano#2026' } })));
    }
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(errorOf(codes[3]!).error_code).toBe('RATE_LIMITED');
  });
});

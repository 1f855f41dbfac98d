import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { demoToday } from './support/demo-days.ts';
import { createSignedInTestApp, errorOf, latestOperationLog, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: Headers;
beforeAll(async () => {
  ({ ctx, admin } = await createSignedInTestApp({ admin: 'admin@example.com' }));
});
afterAll(() => ctx.close());

const latestLog = async () => (await latestOperationLog(ctx))!;

describe('operation log', () => {
  it('records a successful mutation with operator, operation and redacted request', async () => {
    await ctx.app.inject({ method: 'POST', url: '/v1/users', headers: admin, payload: { email: 'log-me@example.com', name: 'ログ 太郎', user_group: 'STATION', user_type: 'STAFF' } });
    const log = await latestLog();
    expect(log).toMatchObject({ category: 'users', operator: 'admin@example.com', operation: 'users.create', isError: false, statusCode: 200 });
    expect(log.requestJson).toMatchObject({ body: { email: 'log-me@example.com', name: 'ログ 太郎' } });
    expect(log.responseJson).toMatchObject({ email: 'log-me@example.com' });
  });

  it('records logins with the password and token redacted, and failures as errors', async () => {
    await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'staff@example.com', password: 'Sagano#2026' } });
    const ok = await latestLog();
    expect(ok).toMatchObject({ category: 'auth', operation: 'auth.login', operator: 'staff@example.com', isError: false });
    expect(JSON.stringify(ok.requestJson)).not.toContain('Sagano#2026');
    expect((ok.responseJson as { access_token: string }).access_token).toBe('[REDACTED]');

    await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'staff@example.com', password: 'Wrong#2026x' } });
    const failed = await latestLog();
    expect(failed).toMatchObject({ operation: 'auth.login', isError: true, statusCode: 401 });
    expect(failed.responseJson).toMatchObject({ common: { error_code: 'LOGIN_FAILED' } });
    expect(JSON.stringify(failed.requestJson)).not.toContain('Wrong#2026x');
  });

  it('records refused and invalid calls', async () => {
    const station = await ctx.login('station@example.com');
    await ctx.app.inject({ method: 'DELETE', url: '/v1/users/00000000-0000-4000-8000-000000000000', headers: station });
    expect(await latestLog()).toMatchObject({ operator: 'station@example.com', isError: true, statusCode: 403, category: 'users' });
    await ctx.app.inject({ method: 'PUT', url: '/v1/users', headers: admin, payload: { uid: 'nope' } });
    expect(await latestLog()).toMatchObject({ operator: 'admin@example.com', isError: true, statusCode: 400, operation: 'users.update' });
  });

  it('is searched by period, operator and category with paging, and read by id', async () => {
    const search = (payload: object, headers = admin) => ctx.app.inject({ method: 'POST', url: '/v1/operation-logs', headers, payload });
    const all = (await search({})).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.per_page).toBe(20);

    const byOperator = (await search({ operator: 'station@', per_page: 50 })).json();
    expect(byOperator.operation_logs.length).toBeGreaterThan(0);
    expect(byOperator.operation_logs.every((l: { operator: string }) => l.operator === 'station@example.com')).toBe(true);

    const byCategory = (await search({ category: 'auth', per_page: 50 })).json();
    expect(byCategory.operation_logs.every((l: { category: string }) => l.category === 'auth')).toBe(true);

    // From the day the template database was loaded to today: every log the file's database holds, the
    // template's and the file's own (one day, unless the run crossed midnight in Tokyo).
    expect((await search({ from_date: demoToday, to_date: tokyoToday() })).json().total).toBe(all.total);
    expect((await search({ from_date: '2020-01-01', to_date: '2020-01-31' })).json().total).toBe(0);
    const backwards = await search({ from_date: '2026-02-01', to_date: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).field).toBe('to_date');

    const paged = (await search({ per_page: 2, page: 2 })).json();
    expect(paged.operation_logs).toHaveLength(2);
    expect(paged.operation_logs[0].id).toBe(all.operation_logs[2].id);

    const one = await ctx.app.inject({ method: 'GET', url: `/v1/operation-logs/${all.operation_logs[0].id}`, headers: admin });
    expect(one.json().id).toBe(all.operation_logs[0].id);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/operation-logs/99999999', headers: admin })).statusCode).toBe(404);

    // Searching is a read: it writes no log of its own. Station users and agents cannot search.
    const before = all.total;
    expect((await search({})).json().total).toBe(before);
    expect((await search({}, await ctx.login('agent-free@example.com'))).statusCode).toBe(403);
  });
});

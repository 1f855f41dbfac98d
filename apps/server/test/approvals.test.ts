import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { tokyoToday } from '@sagano/domain/common/business-date';
import * as t from '../src/db/schema.ts';
import { demo } from './support/demo-days.ts';
import { runApprovalJob } from '../src/modules/approvals/approval.jobs.ts';
import { createSignedInTestApp, createTestApp, errorOf, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: Headers;
let staff: Headers;
beforeAll(async () => ({ ctx, admin, staff } = await createSignedInTestApp({ admin: 'admin@example.com', staff: 'staff@example.com' })));
afterAll(() => ctx.close());

async function termCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.serviceTerms);
  return row!.n;
}

async function requestTerm(headers: { authorization: string }, fromDate: string, toDate: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/service-terms', headers, payload: { fromDate, toDate } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().approval_id as number;
}

// The demo's service term runs to the end of next year: the terms asked for here lie in the years after it.
const { lastYear } = demo;
/** The `n`th year after the demo's. */
const yearAfter = (n: number) => lastYear + n;

const get = (url: string, headers: { authorization: string } = admin) => ctx.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: object, headers: { authorization: string } = admin) => ctx.app.inject({ method: 'PUT', url, headers, payload });

describe('approvals', () => {
  it('applies a service term only once approved, by someone else, through the job', async () => {
    const before = await termCount();
    const id = await requestTerm(staff, `${yearAfter(1)}-01-01`, `${yearAfter(1)}-12-31`);
    expect(await termCount()).toBe(before);

    const mine = (await get(`/v1/approvals/${id}`, staff)).json();
    expect(mine).toMatchObject({ approval_id: id, target: 'SERVICE_TERM_INSERT', status: 'SUBMITTED', payload: { fromDate: `${yearAfter(1)}-01-01`, toDate: `${yearAfter(1)}-12-31` }, from_date: `${yearAfter(1)}-01-01`, to_date: `${yearAfter(1)}-12-31`, submitted_by: { email: 'staff@example.com' }, is_own: true, can_approve: false });

    const self = await put(`/v1/approvals/${id}/approve`, { reason: '' }, staff);
    expect(self.statusCode).toBe(409);
    expect(errorOf(self)).toMatchObject({ error_code: 'APPROVAL_OWN_REQUEST', error_description: 'you cannot approve or reject your own request' });
    expect(errorOf(await put(`/v1/approvals/${id}/reject`, { reason: 'no' }, staff)).error_code).toBe('APPROVAL_OWN_REQUEST');

    const approved = await put(`/v1/approvals/${id}/approve`, { reason: 'ok', operator: 'admin' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'JOB_PENDING', judged_by: { email: 'admin@example.com' }, reason: 'ok', can_approve: false });
    expect(await termCount()).toBe(before);

    expect(await runApprovalJob(ctx.database.db, id)).toBe('DONE');
    expect(await termCount()).toBe(before + 1);
    const done = (await get(`/v1/approvals/${id}`)).json();
    expect(done.status).toBe('DONE');
    expect(done.done_at).not.toBeNull();
    // Applying twice does nothing.
    expect(await runApprovalJob(ctx.database.db, id)).toBe('skipped');
    const again = await put(`/v1/approvals/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error_code).toBe('APPROVAL_STATUS_CONFLICT');
  });

  it('keeps the error and applies nothing when the job fails, and can be approved again', async () => {
    const first = await requestTerm(staff, `${yearAfter(2)}-01-01`, `${yearAfter(2)}-06-30`);
    const second = await requestTerm(staff, `${yearAfter(2)}-06-01`, `${yearAfter(2)}-12-31`);
    await put(`/v1/approvals/${first}/approve`, {});
    await put(`/v1/approvals/${second}/approve`, {});
    expect(await runApprovalJob(ctx.database.db, first)).toBe('DONE');
    const before = await termCount();
    expect(await runApprovalJob(ctx.database.db, second)).toBe('JOB_FAILED');
    expect(await termCount()).toBe(before);
    const failed = (await get(`/v1/approvals/${second}`)).json();
    expect(failed).toMatchObject({ status: 'JOB_FAILED', job_error: 'the service term overlaps an existing service term', can_approve: true, can_reject: false });
    const rows = await ctx.database.db.select().from(t.serviceTerms).where(eq(t.serviceTerms.fromDate, `${yearAfter(2)}-06-01`));
    expect(rows).toHaveLength(0);

    expect(errorOf(await put(`/v1/approvals/${second}/reject`, { reason: 'x' })).error_code).toBe('APPROVAL_STATUS_CONFLICT');
    const retry = await put(`/v1/approvals/${second}/approve`, { reason: 'retry' });
    expect(retry.json()).toMatchObject({ status: 'JOB_PENDING', job_error: null });
    expect(await runApprovalJob(ctx.database.db, second)).toBe('JOB_FAILED');
  });

  it('rejects with a required reason and never applies', async () => {
    const before = await termCount();
    const id = await requestTerm(staff, `${yearAfter(3)}-01-01`, `${yearAfter(3)}-12-31`);
    for (const payload of [{}, { reason: '  ' }]) {
      const res = await put(`/v1/approvals/${id}/reject`, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'reason', error_description: 'reason: enter a reason' });
    }
    const rejected = await put(`/v1/approvals/${id}/reject`, { reason: '期間が長すぎます' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: '期間が長すぎます', judged_by: { email: 'admin@example.com' } });
    expect(errorOf(await put(`/v1/approvals/${id}/approve`, {})).error_code).toBe('APPROVAL_STATUS_CONFLICT');
    expect(await runApprovalJob(ctx.database.db, id)).toBe('skipped');
    expect(await termCount()).toBe(before);
  });

  it('lists by period of submission or of the days touched, paged', async () => {
    const today = tokyoToday();
    const all = (await get(`/v1/approvals?from_date=${today}&to_date=${today}&per_page=2`)).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.approvals).toHaveLength(2);
    expect(all.approvals[0].approval_id).toBeGreaterThan(all.approvals[1].approval_id);
    const byDays = (await get(`/v1/approvals?from_date=${yearAfter(3)}-05-01&to_date=${yearAfter(3)}-05-02`)).json();
    expect(byDays.approvals.map((a: { payload: { fromDate: string } }) => a.payload.fromDate)).toEqual([`${yearAfter(3)}-01-01`]);
    const none = (await get(`/v1/approvals?from_date=${yearAfter(4)}-01-01&to_date=${yearAfter(4)}-01-02`)).json();
    expect(none).toMatchObject({ total: 0, approvals: [] });
    const bad = await get(`/v1/approvals?from_date=${yearAfter(3)}-02-01&to_date=${yearAfter(3)}-01-01`);
    expect(errorOf(bad)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'to_date' });
    expect((await get('/v1/approvals/999999')).statusCode).toBe(404);
  });

  it('is for back-office users only', async () => {
    const station = await ctx.login('station@example.com');
    const agent = await ctx.login('agent-free@example.com');
    for (const headers of [station, agent]) {
      expect((await get('/v1/approvals', headers)).statusCode).toBe(403);
      expect((await get('/v1/approvals/1', headers)).statusCode).toBe(403);
      expect((await put('/v1/approvals/1/approve', {}, headers)).statusCode).toBe(403);
      expect((await put('/v1/approvals/1/reject', { reason: 'x' }, headers)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/approvals' })).statusCode).toBe(401);
  });

  it('writes the operation log with the operation name', async () => {
    const id = await requestTerm(staff, `${yearAfter(5)}-01-01`, `${yearAfter(5)}-12-31`);
    await put(`/v1/approvals/${id}/reject`, { reason: 'no' });
    const logs = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'approvals.reject'));
    expect(logs.at(-1)).toMatchObject({ category: 'approvals', operator: 'admin@example.com', isError: false });
    const created = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'service_terms.create'));
    expect(created.at(-1)).toMatchObject({ category: 'timetable', operator: 'staff@example.com' });
  });

  it('runs approved changes through the real job queue, started as the server starts it', async () => {
    const queued = await createTestApp({ jobs: true });
    try {
      const admin = await queued.login('admin@example.com');
      const staffOfQueued = await queued.login('staff@example.com');
      const created = await queued.app.inject({ method: 'POST', url: '/v1/service-terms', headers: staffOfQueued, payload: { fromDate: `${yearAfter(6)}-01-01`, toDate: `${yearAfter(6)}-12-31` } });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().approval_id as number;
      expect((await queued.app.inject({ method: 'PUT', url: `/v1/approvals/${id}/approve`, headers: admin, payload: {} })).statusCode).toBe(200);
      let status = '';
      for (let i = 0; i < 60 && status !== 'DONE'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await queued.app.inject({ method: 'GET', url: `/v1/approvals/${id}`, headers: admin })).json().status;
      }
      expect(status).toBe('DONE');
    } finally {
      await queued.close();
    }
  }, 30_000);
});

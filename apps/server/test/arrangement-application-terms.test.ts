import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { AppError } from '../src/lib/app-error.ts';
import { demo } from './support/demo-days.ts';
import { runApprovalJob } from '../src/modules/approvals/approval.jobs.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

// The inventory build is its own module with its own tests; here we see what it is asked to do.
const inventory = vi.hoisted(() => ({ rebuild: vi.fn() }));
vi.mock('../src/modules/inventory/inventory-build.ts', () => ({ rebuildInventory: inventory.rebuild }));

let ctx: TestApp;
let admin: { authorization: string };
let staff: { authorization: string };
let station: { authorization: string };
let termId: number;
let serviceIds: number[];
let standardId: number;
let moreGroupsId: number;
let demoTermId: number;

// The demo's service term covers its years (to next year); its arrangement application runs from
// the first season to the last running day. Before it (January and February of the first year) and
// after it (30–31 December of the last) the trains have no arrangement.
const { firstYear, lastYear, term: serviceTerm, application } = demo;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.login('admin@example.com');
  staff = await ctx.login('staff@example.com');
  station = await ctx.login('station@example.com');
  const [term] = await ctx.database.db.select().from(t.serviceTerms).where(eq(t.serviceTerms.fromDate, serviceTerm.fromDate));
  termId = term!.id;
  serviceIds = (await ctx.database.db.select({ id: t.services.id }).from(t.services).where(eq(t.services.serviceTermId, termId))).map((s) => s.id).sort((a, b) => a - b);
  const patterns = await ctx.database.db.select().from(t.arrangementPatterns);
  standardId = patterns.find((p) => p.name === '標準')!.id;
  moreGroupsId = patterns.find((p) => p.name === '団体多め')!.id;
  const [demoTerm] = await ctx.database.db.select().from(t.arrangementApplicationTerms);
  demoTermId = demoTerm!.id;
});
afterAll(() => ctx.close());
beforeEach(() => {
  inventory.rebuild.mockReset();
  inventory.rebuild.mockResolvedValue({ serviceDays: 1 });
});

const url = () => `/v1/service-terms/${termId}/arrangements-application-terms`;

async function list() {
  const res = await ctx.app.inject({ method: 'GET', url: url(), headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function approveAndRun(approvalId: number) {
  const res = await ctx.app.inject({ method: 'PUT', url: `/v1/approvals/${approvalId}/approve`, headers: staff, payload: { reason: 'ok' } });
  expect(res.statusCode, res.body).toBe(200);
  return runApprovalJob(ctx.database.db, approvalId);
}

async function termCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.arrangementApplicationTerms);
  return row!.n;
}

describe('arrangement application terms', () => {
  it('lists the terms of a service term with its trains and the demo term applying 標準 to every train', async () => {
    const body = await list();
    expect(body.service_term).toEqual({ service_term_id: termId, from_date: serviceTerm.fromDate, to_date: serviceTerm.toDate });
    expect(body.services.map((s: { service_id: number }) => s.service_id).sort((a: number, b: number) => a - b)).toEqual(serviceIds);
    expect(body.arrangement_application_terms).toHaveLength(1);
    const [demo] = body.arrangement_application_terms;
    expect(demo).toMatchObject({ arrangement_application_term_id: demoTermId, from_date: application.fromDate, to_date: application.toDate });
    expect(demo.applications).toHaveLength(serviceIds.length);
    expect(demo.applications.every((a: { arrangement_pattern_id: number }) => a.arrangement_pattern_id === standardId)).toBe(true);
    expect(body.pending_approvals).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/service-terms/9999/arrangements-application-terms', headers: admin })).statusCode).toBe(404);
  });

  it('sends a new term for approval, and applies it (rows, then the inventory) only once approved', async () => {
    const payload = { from_date: `${firstYear}-01-05`, to_date: `${firstYear}-02-20`, applications: [{ service_id: serviceIds[0], arrangement_pattern_id: moreGroupsId }, { service_id: serviceIds[1], arrangement_pattern_id: standardId }], operator: '山田' };
    const before = await termCount();
    const res = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUBMITTED' });
    const approvalId = res.json().approval_id as number;
    expect(await termCount()).toBe(before);
    expect(inventory.rebuild).not.toHaveBeenCalled();
    const pending = (await list()).pending_approvals;
    expect(pending).toEqual([expect.objectContaining({ approval_id: approvalId, target: 'ARRANGEMENT_APPLICATION_TERM_INSERT', arrangement_application_term_id: null, from_date: `${firstYear}-01-05`, to_date: `${firstYear}-02-20` })]);
    const [approval] = await ctx.database.db.select().from(t.approvals).where(eq(t.approvals.id, approvalId));
    expect(approval).toMatchObject({ serviceTermId: termId, fromDate: `${firstYear}-01-05`, toDate: `${firstYear}-02-20`, submittedByEmail: 'admin@example.com' });

    expect(await approveAndRun(approvalId)).toBe('DONE');
    expect(inventory.rebuild).toHaveBeenCalledTimes(1);
    expect(inventory.rebuild.mock.calls[0]![1]).toEqual({ fromDate: `${firstYear}-01-05`, toDate: `${firstYear}-02-20`, serviceIds: [serviceIds[0], serviceIds[1]] });
    const body = await list();
    expect(body.pending_approvals).toEqual([]);
    const added = body.arrangement_application_terms.find((x: { from_date: string }) => x.from_date === `${firstYear}-01-05`);
    expect(added.applications).toEqual([{ service_id: serviceIds[0], arrangement_pattern_id: moreGroupsId }, { service_id: serviceIds[1], arrangement_pattern_id: standardId }]);
  });

  it('leaves nothing applied when the inventory refuses (held seats would be lost)', async () => {
    const payload = { from_date: `${firstYear}-02-21`, to_date: `${firstYear}-02-28`, applications: [{ service_id: serviceIds[0], arrangement_pattern_id: moreGroupsId }] };
    const res = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload });
    expect(res.statusCode).toBe(200);
    inventory.rebuild.mockRejectedValue(new AppError('CONFLICT', `seats already held on ${firstYear}-02-22 would be lost`));
    const before = await termCount();
    expect(await approveAndRun(res.json().approval_id)).toBe('JOB_FAILED');
    expect(await termCount()).toBe(before);
    const [approval] = await ctx.database.db.select().from(t.approvals).where(eq(t.approvals.id, res.json().approval_id));
    expect(approval).toMatchObject({ status: 'JOB_FAILED', jobError: `seats already held on ${firstYear}-02-22 would be lost` });
  });

  it('refuses a term that overlaps another term of the same train, at submission and again when applied', async () => {
    const overlapping = { from_date: `${lastYear}-12-01`, to_date: `${lastYear}-12-31`, applications: [{ service_id: serviceIds[2], arrangement_pattern_id: moreGroupsId }] };
    const res = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload: overlapping });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ error_code: 'CONFLICT', field: 'applications' });
    expect(errorOf(res).error_description).toMatch(new RegExp(`already has an arrangement application from ${application.fromDate} to ${application.toDate}; terms of one train must not overlap$`));

    // Two requests for the same free days: both may wait, only the first approved applies.
    const free = { from_date: `${lastYear}-12-30`, to_date: `${lastYear}-12-31`, applications: [{ service_id: serviceIds[3], arrangement_pattern_id: moreGroupsId }] };
    const first = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload: free });
    const second = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload: free });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await approveAndRun(first.json().approval_id)).toBe('DONE');
    expect(await approveAndRun(second.json().approval_id)).toBe('JOB_FAILED');
    const [failed] = await ctx.database.db.select().from(t.approvals).where(eq(t.approvals.id, second.json().approval_id));
    expect(failed!.jobError).toMatch(/terms of one train must not overlap/);
  });

  it('refuses bad input naming the field, and submits nothing', async () => {
    const [approvals] = await ctx.database.db.select({ n: count() }).from(t.approvals);
    const ok = { from_date: `${firstYear}-01-05`, to_date: `${firstYear}-01-06`, applications: [{ service_id: serviceIds[5], arrangement_pattern_id: standardId }] };
    const cases: [object, string, string?][] = [
      [{ ...ok, from_date: `${firstYear}-01-07` }, 'to_date', 'to_date: the end date must be on or after the start date'],
      [{ ...ok, from_date: `${firstYear - 1}-12-31` }, 'from_date', `from_date: the dates must be inside the service term (${serviceTerm.fromDate} to ${serviceTerm.toDate})`],
      [{ ...ok, to_date: `${lastYear + 1}-01-01` }, 'to_date', `to_date: the dates must be inside the service term (${serviceTerm.fromDate} to ${serviceTerm.toDate})`],
      [{ ...ok, from_date: '2026-13-01' }, 'from_date'],
      [{ ...ok, applications: [] }, 'applications', 'applications: choose a pattern for at least one train'],
      [{ ...ok, applications: [ok.applications[0], ok.applications[0]] }, 'applications', 'applications: each train may appear only once'],
      [{ ...ok, applications: [{ service_id: 99999, arrangement_pattern_id: standardId }] }, 'applications.0.service_id', 'applications.0.service_id: service 99999 is not a train of this service term'],
      [{ ...ok, applications: [{ service_id: serviceIds[5], arrangement_pattern_id: 99999 }] }, 'applications.0.arrangement_pattern_id', 'applications.0.arrangement_pattern_id: unknown arrangement pattern 99999'],
      [{ from_date: ok.from_date, applications: ok.applications }, 'to_date'],
    ];
    for (const [payload, field, description] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: url(), headers: admin, payload });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, JSON.stringify(payload)).toBe(field);
      if (description) expect(errorOf(res).error_description).toBe(description);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/service-terms/9999/arrangements-application-terms', headers: admin, payload: ok })).statusCode).toBe(404);
    const [after] = await ctx.database.db.select({ n: count() }).from(t.approvals);
    expect(after!.n).toBe(approvals!.n);
  });

  it('sends a change of a term for approval and, once approved, rebuilds the old and new days of every train involved', async () => {
    const change = {
      from_date: `${firstYear}-03-10`,
      to_date: application.toDate,
      applications: serviceIds.slice(1).map((id) => ({ service_id: id, arrangement_pattern_id: id === serviceIds[1] ? moreGroupsId : standardId })),
    };
    const res = await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-application-terms/${demoTermId}`, headers: admin, payload: change });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).pending_approvals).toEqual([expect.objectContaining({ target: 'ARRANGEMENT_APPLICATION_TERM_APPEND', arrangement_application_term_id: demoTermId })]);
    expect(await approveAndRun(res.json().approval_id)).toBe('DONE');
    expect(inventory.rebuild.mock.calls[0]![1]).toEqual({ fromDate: application.fromDate, toDate: application.toDate, serviceIds });
    const demo = (await list()).arrangement_application_terms.find((x: { arrangement_application_term_id: number }) => x.arrangement_application_term_id === demoTermId);
    expect(demo).toMatchObject({ from_date: `${firstYear}-03-10`, to_date: application.toDate });
    expect(demo.applications).toHaveLength(serviceIds.length - 1);
    expect(demo.applications.find((a: { service_id: number }) => a.service_id === serviceIds[1]).arrangement_pattern_id).toBe(moreGroupsId);

    expect((await ctx.app.inject({ method: 'PUT', url: '/v1/arrangements-application-terms/99999', headers: admin, payload: change })).statusCode).toBe(404);
    // Extending into another term's days of the same train is refused.
    const clash = await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-application-terms/${demoTermId}`, headers: admin, payload: { ...change, from_date: `${firstYear}-02-01` } });
    expect(clash.statusCode).toBe(409);
  });

  it('is back office only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: url(), headers: station })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/v1/arrangements-application-terms/${demoTermId}`, headers: station, payload: {} })).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { daysBetween } from '@sagano/domain/common/business-date';
import * as t from '../src/db/schema.ts';
import { demo, demoDate } from './support/demo-days.ts';
import { runApprovalJob } from '../src/modules/approvals/approval.jobs.ts';
import { runningServiceDays, runningServiceIds } from '../src/modules/timetable/service-days.repository.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

let ctx: TestApp;
let admin: { authorization: string };
let staff: { authorization: string };
let termId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.login('admin@example.com');
  staff = await ctx.login('staff@example.com');
  termId = (await ctx.app.inject({ method: 'GET', url: '/v1/service-terms', headers: admin })).json().service_terms[0].serviceTermId;
});
afterAll(() => ctx.close());

// The demo's years run to next year (and from last year in January and February); its days are
// written with 2026 as this year and carried to today's by demoDate.
const { thisYear, lastYear } = demo;
const BLOSSOM_SATURDAY = demoDate('2026-04-04'); // a Saturday in the cherry-blossom weeks: special trains too
const BLOSSOM_WEDNESDAY = demoDate('2026-04-01'); // a Wednesday in the cherry-blossom weeks: trains run
const APRIL_WEDNESDAY = demoDate('2026-04-15'); // a Wednesday after them: closed
const WEDNESDAY = demoDate('2026-05-06'); // closed
const THURSDAY = demoDate('2026-05-07'); // the ordinary trains
const FRIDAY = demoDate('2026-05-08');
const NEXT_WEDNESDAY = demoDate('2026-05-13');
const WINTER = demoDate('2026-01-15');

const get = (url: string, headers: { authorization: string } = admin) => ctx.app.inject({ method: 'GET', url, headers });
const anon = (url: string) => ctx.app.inject({ method: 'GET', url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const names = [{ language_id: 'ja', text: '臨時トロッコ99号' }, { language_id: 'en', text: 'Torokko Extra 99' }];
const downItems = [
  { station_id: 1, departure_hhmm: '17:02' },
  { station_id: 2, arrival_hhmm: '17:09', departure_hhmm: '17:10' },
  { station_id: 3, arrival_hhmm: '17:23', departure_hhmm: '17:24' },
  { station_id: 4, arrival_hhmm: '17:29' },
];
const newService = { names, direction: 'down', is_special: true, logical_train_id: 1, display_order: 99, diagram_items: downItems };

async function approveAndRun(approvalId: number) {
  expect((await send('PUT', `/v1/approvals/${approvalId}/approve`, { reason: '' })).statusCode).toBe(200);
  return runApprovalJob(ctx.database.db, approvalId);
}

describe('demo timetable and what runs on a day', () => {
  it('has one term with 8 down and 8 up trains and two special trains', async () => {
    const terms = (await get('/v1/service-terms')).json().service_terms;
    expect(terms).toEqual([{ serviceTermId: termId, fromDate: demo.term.fromDate, toDate: demo.term.toDate, is_current: true }]);
    const services = (await get(`/v1/service-terms/${termId}/services`)).json().services;
    expect(services.filter((s: { direction: string; is_special: boolean }) => s.direction === 'down' && !s.is_special)).toHaveLength(8);
    expect(services.filter((s: { direction: string; is_special: boolean }) => s.direction === 'up' && !s.is_special)).toHaveLength(8);
    expect(services.filter((s: { is_special: boolean }) => s.is_special)).toHaveLength(2);
    const first = services.find((s: { names: { text: string }[] }) => s.names[0]!.text === 'トロッコ1号');
    // The demo arrangement application builds inventory for the season (and demo groups may be seated on
    // the train in the coming weeks), so demo trains cannot be deleted.
    expect(first).toMatchObject({ direction: 'down', is_deletable: false, undeletable_reason: expect.stringMatching(/^(inventory has been built for this train|seats are held or assigned on this train)$/) });
    expect(first.diagram_items.map((d: { station_id: number }) => d.station_id)).toEqual([1, 2, 3, 4]);
    expect(first.diagram_items[0]).toMatchObject({ arrival_hhmm: null, departure_hhmm: '09:02' });
    expect(first.diagram_items[3]).toMatchObject({ arrival_hhmm: '09:29', departure_hhmm: null });
  });

  it('runs ordinary trains on ORDINARY days, plus special ones on SPECIAL days, none otherwise', async () => {
    const special = (await anon(`/v1/daily-services/${BLOSSOM_SATURDAY}`)).json();
    expect(special.ordinary_service_ids).toHaveLength(16);
    expect(special.special_service_ids).toHaveLength(2);
    expect(special.charter_service_ids).toEqual([]);
    const ordinary = (await get(`/v1/daily-services/${THURSDAY}`)).json();
    expect([ordinary.ordinary_service_ids.length, ordinary.special_service_ids.length]).toEqual([16, 0]);
    expect((await get(`/v1/daily-services/${WEDNESDAY}`)).json().ordinary_service_ids).toEqual([]);
    expect((await get(`/v1/daily-services/${BLOSSOM_WEDNESDAY}`)).json().ordinary_service_ids).toHaveLength(16);
    expect((await get(`/v1/daily-services/${WINTER}`)).json().ordinary_service_ids).toEqual([]);
    expect((await get(`/v1/daily-services/${thisYear}-12-31`)).json().ordinary_service_ids).toEqual([]);
    expect((await get(`/v1/daily-services/${lastYear + 1}-05-01`)).json().ordinary_service_ids).toEqual([]);
    expect(await runningServiceIds(ctx.database.db, BLOSSOM_SATURDAY)).toEqual([...special.ordinary_service_ids, ...special.special_service_ids].sort((a, b) => a - b));
    const range = await runningServiceDays(ctx.database.db, WEDNESDAY, FRIDAY);
    expect(range.filter((r) => r.serviceDate === WEDNESDAY)).toHaveLength(0);
    expect(range.filter((r) => r.serviceDate === FRIDAY)).toHaveLength(16);
    expect((await get('/v1/daily-services/2026-13-01')).statusCode).toBe(400);
  });

  it('answers diagrams, the search by station and time, and the public month calendar', async () => {
    const diagrams = (await anon(`/v1/diagrams?date=${THURSDAY}`)).json();
    expect(diagrams.services).toHaveLength(16);
    expect(diagrams.services[0].diagram_items).toHaveLength(4);
    expect(errorOf(await get('/v1/diagrams')).field).toBe('date');

    const found = (await get(`/v1/search-services?date=${THURSDAY}&station_id=2&departure_hhmm_gte=15:00`)).json().services;
    expect(found.map((s: { departure_hhmm: string }) => s.departure_hhmm)).toEqual(['15:10', '15:50', '16:10', '16:50']);
    expect(found[0].direction).toBe('down');
    // The last stop has no departure: Kameoka is never a departure for down trains.
    const kameoka = (await get(`/v1/search-services?date=${THURSDAY}&station_id=4`)).json().services;
    expect(kameoka.every((s: { direction: string }) => s.direction === 'up')).toBe(true);
    expect(errorOf(await get(`/v1/search-services?date=${THURSDAY}&station_id=2&departure_hhmm_gte=25:00`)).field).toBe('departure_hhmm_gte');
    expect((await anon(`/v1/search-services?date=${THURSDAY}&station_id=2`)).statusCode).toBe(401);

    const month = (await anon(`/v1/services-pattern-calendar/${thisYear}-04`)).json();
    expect(month.days).toHaveLength(30);
    expect(month.days.find((d: { date: string }) => d.date === BLOSSOM_SATURDAY).service_pattern).toBe('SPECIAL');
    expect(month.days.find((d: { date: string }) => d.date === APRIL_WEDNESDAY).service_pattern).toBe('DISABLED');
    expect(errorOf(await anon('/v1/services-pattern-calendar/2026-4'))).toMatchObject({ field: 'year_month', error_description: 'year_month: enter a valid month (yyyy-MM)' });
  });
});

describe('service terms', () => {
  it('refuses a term overlapping an existing one, and bad dates', async () => {
    const overlap = await send('POST', '/v1/service-terms', { fromDate: `${lastYear}-12-01`, toDate: `${lastYear + 1}-03-31` });
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap)).toMatchObject({ error_code: 'SERVICE_TERM_OVERLAP', error_description: 'fromDate: the term overlaps an existing service term', field: 'fromDate' });
    const backwards = await send('POST', '/v1/service-terms', { fromDate: `${lastYear + 1}-03-01`, toDate: `${lastYear + 1}-02-01` });
    expect(errorOf(backwards)).toMatchObject({ field: 'toDate', error_description: 'toDate: end date must be after start date' });
    expect(errorOf(await send('POST', '/v1/service-terms', { fromDate: `${lastYear + 1}-02-30`, toDate: `${lastYear + 1}-03-01` })).field).toBe('fromDate');
    expect(errorOf(await send('POST', '/v1/service-terms', { toDate: `${lastYear + 1}-03-01` })).field).toBe('fromDate');
  });
});

describe('services', () => {
  it('adds, edits and deletes a train with its times', async () => {
    const created = await send('POST', `/v1/service-terms/${termId}/services`, newService);
    expect(created.statusCode, created.body).toBe(200);
    const service = created.json();
    expect(service).toMatchObject({ service_term_id: termId, direction: 'down', is_special: true, is_deletable: true });
    expect(service.diagram_items.map((d: { display_order: number }) => d.display_order)).toEqual([1, 2, 3, 4]);

    const edited = await send('PUT', `/v1/services/${service.service_id}`, { ...newService, diagram_items: downItems.map((d, i) => (i === 0 ? { ...d, departure_hhmm: '17:00' } : d)) });
    expect(edited.json().diagram_items[0].departure_hhmm).toBe('17:00');

    expect((await send('DELETE', `/v1/services/${service.service_id}`)).statusCode).toBe(200);
    expect((await send('PUT', `/v1/services/${service.service_id}`, newService)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/services/${service.service_id}`)).statusCode).toBe(404);
    expect((await send('POST', '/v1/service-terms/9999/services', newService)).statusCode).toBe(404);
  });

  it('refuses missing, disordered or malformed times and stations out of order, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ ...newService, diagram_items: downItems.map((d, i) => (i === 2 ? { station_id: 3, arrival_hhmm: '17:23' } : d)) }, 'diagram_items', 'all arrival and departure times must be entered'],
      [{ ...newService, diagram_items: downItems.map((d, i) => (i === 0 ? { station_id: 1 } : d)) }, 'diagram_items', 'all arrival and departure times must be entered'],
      [{ ...newService, diagram_items: downItems.map((d, i) => (i === 3 ? { station_id: 4 } : d)) }, 'diagram_items', 'all arrival and departure times must be entered'],
      [{ ...newService, diagram_items: downItems.map((d, i) => (i === 2 ? { ...d, arrival_hhmm: '17:05' } : d)) }, 'diagram_items', 'each time must be later than the one before'],
      [{ ...newService, diagram_items: downItems.map((d, i) => (i === 1 ? { ...d, arrival_hhmm: '7:9' } : d)) }, 'diagram_items.1.arrival_hhmm', 'enter a valid time (HH:mm)'],
      [{ ...newService, direction: 'up' }, 'diagram_items', 'stations must follow the order of the up direction'],
      [{ ...newService, names: [{ language_id: 'en', text: 'x' }] }, 'names', 'enter a name'],
      [{ ...newService, direction: 'sideways' }, 'direction', ''],
      [{ ...newService, diagram_items: [downItems[0]] }, 'diagram_items', 'all arrival and departure times must be entered'],
    ];
    const [before] = await ctx.database.db.select({ n: count() }).from(t.services);
    for (const [payload, field, message] of cases) {
      const res = await send('POST', `/v1/service-terms/${termId}/services`, payload);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field, message).toBe(field);
      if (message) expect(errorOf(res).error_description).toBe(`${field}: ${message}`);
    }
    const [after] = await ctx.database.db.select({ n: count() }).from(t.services);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses to delete a train that has inventory or seats, saying why', async () => {
    const service = (await send('POST', `/v1/service-terms/${termId}/services`, newService)).json();
    const [pattern] = await ctx.database.db.insert(t.arrangementPatterns).values({ name: 'test', logicalTrainId: 1 }).returning();
    await ctx.database.db.insert(t.serviceDayInventories).values({ serviceDate: THURSDAY, serviceId: service.service_id, arrangementPatternId: pattern!.id });
    const listed = (await get(`/v1/service-terms/${termId}/services`)).json().services.find((s: { service_id: number }) => s.service_id === service.service_id);
    expect(listed).toMatchObject({ is_deletable: false, undeletable_reason: 'inventory has been built for this train' });
    const refused = await send('DELETE', `/v1/services/${service.service_id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ error_code: 'SERVICE_IN_USE', error_description: 'the train cannot be deleted: inventory has been built for this train' });
    const turned = await send('PUT', `/v1/services/${service.service_id}`, { ...newService, is_special: false });
    expect(errorOf(turned)).toMatchObject({ error_code: 'SERVICE_IN_USE', field: 'direction' });

    await ctx.database.db.insert(t.seatAssignments).values({ serviceDate: THURSDAY, serviceId: service.service_id, seatId: '1-1A', bookingId: 'B1', legs: '[1,4)', state: 'HELD' });
    const again = (await get(`/v1/service-terms/${termId}/services`)).json().services.find((s: { service_id: number }) => s.service_id === service.service_id);
    expect(again.undeletable_reason).toBe('seats are held or assigned on this train');
    await ctx.database.db.delete(t.seatAssignments).where(eq(t.seatAssignments.serviceId, service.service_id));
    await ctx.database.db.delete(t.serviceDayInventories).where(eq(t.serviceDayInventories.serviceId, service.service_id));
    await ctx.database.db.delete(t.arrangementPatterns).where(eq(t.arrangementPatterns.id, pattern!.id));
    expect((await send('DELETE', `/v1/services/${service.service_id}`)).statusCode).toBe(200);
  });
});

describe('pattern calendar', () => {
  it('changes days only once approved, marking them pending until then', async () => {
    const put = await send('PUT', `/v1/service-terms/${termId}/services/pattern-calendar`, {
      days: [
        { date: WEDNESDAY, service_pattern: 'ORDINARY' },
        { date: THURSDAY, service_pattern: 'ORDINARY' }, // unchanged: left out of the request
      ],
    }, staff);
    expect(put.statusCode, put.body).toBe(200);
    const { approval_id } = put.json();
    const approval = (await get(`/v1/approvals/${approval_id}`)).json();
    expect(approval).toMatchObject({ target: 'SERVICE_DAY_PATTERN_CHANGE', status: 'SUBMITTED', service_term_id: termId, from_date: WEDNESDAY, to_date: WEDNESDAY, payload: { service_term_id: termId, days: [{ date: WEDNESDAY, service_pattern: 'ORDINARY' }] } });

    const calendar = (await get(`/v1/service-terms/${termId}/services/pattern-calendar`)).json();
    expect(calendar.days).toHaveLength(daysBetween(demo.term.fromDate, demo.term.toDate) + 1); // every day of the demo's years
    expect(calendar.days.find((d: { date: string }) => d.date === WEDNESDAY)).toEqual({ date: WEDNESDAY, service_pattern: 'DISABLED', is_approval_pending: true });
    expect(calendar.days.find((d: { date: string }) => d.date === THURSDAY).is_approval_pending).toBe(false);
    expect((await get(`/v1/daily-services/${WEDNESDAY}`)).json().ordinary_service_ids).toEqual([]);

    expect(await approveAndRun(approval_id)).toBe('DONE');
    expect((await get(`/v1/daily-services/${WEDNESDAY}`)).json().ordinary_service_ids).toHaveLength(16);
    const after = (await get(`/v1/service-terms/${termId}/services/pattern-calendar`)).json();
    expect(after.days.find((d: { date: string }) => d.date === WEDNESDAY)).toEqual({ date: WEDNESDAY, service_pattern: 'ORDINARY', is_approval_pending: false });
  });

  it('refuses days outside the term, no changes and bad patterns', async () => {
    const url = `/v1/service-terms/${termId}/services/pattern-calendar`;
    const outside = await send('PUT', url, { days: [{ date: `${lastYear + 1}-01-05`, service_pattern: 'ORDINARY' }] });
    expect(errorOf(outside)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'days', error_description: `days: ${lastYear + 1}-01-05 is outside the service term ${demo.term.fromDate}–${demo.term.toDate}` });
    const none = await send('PUT', url, { days: [{ date: THURSDAY, service_pattern: 'ORDINARY' }] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toMatchObject({ error_code: 'NO_CHANGES', error_description: 'there are no changes' });
    expect(errorOf(await send('PUT', url, { days: [] })).error_description).toBe('days: there are no changes');
    expect(errorOf(await send('PUT', url, { days: [{ date: THURSDAY, service_pattern: 'HOLIDAY' }] })).field).toBe('days.0.service_pattern');
    expect(errorOf(await send('PUT', url, { days: [{ date: NEXT_WEDNESDAY, service_pattern: 'ORDINARY' }, { date: NEXT_WEDNESDAY, service_pattern: 'SPECIAL' }] })).error_description).toBe('days: a day is listed twice');
    expect((await get('/v1/service-terms/9999/services/pattern-calendar')).statusCode).toBe(404);
  });
});

describe('special days', () => {
  it('lists SPECIAL days with their trains and changes them through approval', async () => {
    const url = `/v1/service-terms/${termId}/services/special-days`;
    const current = (await get(url)).json();
    expect(current.special_services).toHaveLength(2);
    const [downSpecial, upSpecial] = current.special_services.map((s: { service_id: number }) => s.service_id);
    const day = current.days.find((d: { date: string }) => d.date === BLOSSOM_SATURDAY);
    expect(day.service_ids).toEqual([downSpecial, upSpecial]);
    expect(current.days.every((d: { date: string }) => demo.years.flatMap((y) => [`${y}-04`, `${y}-11`]).includes(d.date.slice(0, 7)))).toBe(true);

    const none = await send('PUT', url, { days: [{ date: BLOSSOM_SATURDAY, service_ids: [upSpecial, downSpecial] }] });
    expect(errorOf(none)).toMatchObject({ error_code: 'NO_CHANGES', error_description: 'there are no changes' });
    expect(errorOf(await send('PUT', url, { days: [] })).error_code).toBe('NO_CHANGES');
    expect(errorOf(await send('PUT', url, { days: [{ date: THURSDAY, service_ids: [downSpecial] }] })).error_description).toBe(`days: ${THURSDAY} is not a special day of the service term`);
    const ordinaryId = (await get(`/v1/daily-services/${THURSDAY}`)).json().ordinary_service_ids[0];
    expect(errorOf(await send('PUT', url, { days: [{ date: BLOSSOM_SATURDAY, service_ids: [ordinaryId] }] })).error_description).toBe(`days: service ${ordinaryId} is not a special train of the service term`);

    const submitted = await send('PUT', url, { days: [{ date: BLOSSOM_SATURDAY, service_ids: [downSpecial] }] }, staff);
    expect(submitted.statusCode).toBe(200);
    expect((await get(`/v1/approvals/${submitted.json().approval_id}`)).json()).toMatchObject({ target: 'SERVICE_DAY_SERVICE_APPEND', from_date: BLOSSOM_SATURDAY });
    expect((await get(url)).json().days.find((d: { date: string }) => d.date === BLOSSOM_SATURDAY)).toMatchObject({ service_ids: [downSpecial, upSpecial], is_approval_pending: true });
    expect(await approveAndRun(submitted.json().approval_id)).toBe('DONE');
    expect((await get(`/v1/daily-services/${BLOSSOM_SATURDAY}`)).json().special_service_ids).toEqual([downSpecial]);
  });
});

describe('access', () => {
  it('keeps master changes to the back office', async () => {
    const station = await ctx.login('station@example.com');
    const agent = await ctx.login('agent-free@example.com');
    for (const headers of [station, agent]) {
      expect((await send('POST', '/v1/service-terms', { fromDate: '2058-01-01', toDate: '2058-01-02' }, headers)).statusCode).toBe(403);
      expect((await send('POST', `/v1/service-terms/${termId}/services`, newService, headers)).statusCode).toBe(403);
      expect((await send('PUT', '/v1/services/1', newService, headers)).statusCode).toBe(403);
      expect((await send('DELETE', '/v1/services/1', undefined, headers)).statusCode).toBe(403);
      expect((await send('PUT', `/v1/service-terms/${termId}/services/pattern-calendar`, { days: [{ date: '2026-05-13', service_pattern: 'ORDINARY' }] }, headers)).statusCode).toBe(403);
      expect((await send('PUT', `/v1/service-terms/${termId}/services/special-days`, { days: [] }, headers)).statusCode).toBe(403);
    }
    // Reads are the back office's too; agents search trains to book, station staff (who do not book) do not.
    expect((await get('/v1/service-terms', station)).statusCode).toBe(403);
    expect((await get('/v1/service-terms', agent)).statusCode).toBe(403);
    expect((await get('/v1/search-services?date=2026-05-07&station_id=1', agent)).statusCode).toBe(200);
    expect((await get('/v1/search-services?date=2026-05-07&station_id=1', station)).statusCode).toBe(403);
    const [row] = await ctx.database.db.select({ n: count() }).from(t.approvals).where(sql`${t.approvals.submittedByEmail} in ('station@example.com', 'agent-free@example.com')`);
    expect(row!.n).toBe(0);
  });
});

/**
 * Webhooks to agents' systems (issue 37, ADR 038): an agent admin registers endpoints; the booking
 * and payment steps write their events in their own transaction; a delivery is signed as the
 * Standard Webhooks specification says (checked here by the `standardwebhooks` package), POSTed to
 * a real local HTTP server, retried with backoff, never sent to a private or loopback address
 * unless the server allows loopback, and listed with its attempts. One agent never sees another's
 * endpoints or deliveries; an endpoint narrowed to a branch hears only that branch's bookings.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import * as t from '../src/db/schema.ts';
import { runningClock } from '../src/lib/clock.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { checkWebhookUrl, classifyAddress } from '../src/modules/webhooks/webhook-addresses.ts';
import { deliverWebhook, type DeliveryDeps } from '../src/modules/webhooks/webhook-delivery.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, plainBookingBody } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';

// ---- a real HTTP receiver: answers each request with the next status of its script (then 200) ----

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** The statuses of the next answers, in order; 200 once they are used up. */
  script: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = script.shift() ?? 200;
      if (status >= 300 && status < 400) res.setHeader('location', '/moved');
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, script, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// ---- the app, the agents and the clock deliveries are made on ----

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;
let receiver: Receiver;
let branchStaff: { authorization: string };
let osakaBranch: number;
/** The deliveries' clock: the real time, moved on by the tests (a retry's wait passes at once). */
const clock = runningClock();
const later = (seconds: number) => clock.advance(seconds * 1000);

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } }));
  agents = await demoAgents(ctx);
  receiver = await startReceiver();
  branchStaff = await ctx.login('branch-free@example.com');
  const [branch] = await ctx.database.db.select({ id: t.agentGroups.id }).from(t.agentGroups).where(and(eq(t.agentGroups.agentId, agents.FREE.id), eq(t.agentGroups.isRoot, false)));
  osakaBranch = branch!.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: { authorization: string }, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The delivery job's work, as the queue would run it, on the test's clock. */
function deliveryDeps(rules = { allowLoopback: true }): DeliveryDeps {
  return { db: ctx.database.db, clock, secrets: createSecretBox(ctx.config.totpSecretKey!), rules };
}

async function createEndpoint(headers: { authorization: string }, body: Record<string, unknown>): Promise<{ id: number; secret: string; url: string }> {
  const res = await call('POST', '/v1/webhook-endpoints', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function deliveriesOf(endpointId: number) {
  return ctx.database.db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.endpointId, endpointId)).orderBy(t.webhookDeliveries.id);
}

async function deliverAll(endpointId: number, deps = deliveryDeps()) {
  for (const d of await deliveriesOf(endpointId)) await deliverWebhook(deps, d.id);
}

let dayIndex = 0;
/** A booking of the agent (of the branch, when given), submitted by the back office; answers its number. */
async function submitted(agentId: number, branchId?: number, adults = 12): Promise<string> {
  const day = fx.days[dayIndex++ % fx.days.length]!;
  const res = await call('POST', '/v1/bookings', staff, { ...plainBookingBody({ agentId, day, serviceId: fx.down, adults }), ...(branchId ? { agent_sub_group_id: branchId } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id;
}

async function step(id: string, name: string, payload?: object, headers = staff) {
  const res = await call('POST', `/v1/bookings/${id}/${name}`, headers, payload);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  return res;
}

const MAIL = { mail: { subject: 's', body: 'b' } };

/** What the receiver got, verified with the endpoint's secret by the standardwebhooks package. */
function verified(r: Received, secret: string) {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

describe('registering an endpoint', () => {
  it('shows the secret once, keeps it sealed, lists the endpoint without it and logs the call without it', async () => {
    const created = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/a`, events: ['booking.confirmed', 'booking.reserved', 'booking.confirmed'], description: '基幹システム' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created).toMatchObject({ url: `${receiver.url}/hooks/a`, events: ['booking.confirmed', 'booking.reserved'], enabled: true, branch_id: null, created_by: 'agent-free@example.com' });
    const list = (await call('GET', '/v1/webhook-endpoints', agents.FREE.headers)).json().webhook_endpoints;
    const row = list.find((e: { id: number }) => e.id === created.id);
    expect(row.description).toBe('基幹システム');
    expect(row.secret).toBeUndefined();
    const [stored] = await ctx.database.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, created.id));
    expect(stored!.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'webhook_endpoints.create'));
    expect(log).toMatchObject({ operator: 'agent-free@example.com', isError: false });
    expect(JSON.stringify(log)).not.toContain(created.secret.slice(6));
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`, agents.FREE.headers);
  });

  it('refuses private, reserved and non-http addresses (400 naming url) and writes nothing', async () => {
    const before = await ctx.database.db.select().from(t.webhookEndpoints);
    for (const url of [
      'http://10.0.0.8/hook',
      'https://192.168.1.20/hook',
      'https://172.16.4.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://224.0.0.1/hook',
      'ftp://hooks.example.com/x',
      'https://user:pass@127.0.0.1/hook',
      'not a url',
    ]) {
      const res = await call('POST', '/v1/webhook-endpoints', agents.FREE.headers, { url, events: ['booking.confirmed'] });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(errorOf(res).field, url).toBe('url');
    }
    expect(await ctx.database.db.select().from(t.webhookEndpoints)).toEqual(before);
  });

  it('refuses loopback, by address or by a name resolving to it, on a server that does not allow it', async () => {
    const strict = await createTestApp();
    try {
      const admin = await strict.login('agent-free@example.com');
      for (const url of ['https://localhost/hook', `${receiver.url}/hook`, 'https://127.0.0.1/hook', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/hook']) {
        const res = await strict.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: admin, payload: { url, events: ['booking.confirmed'] } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(errorOf(res).field).toBe('url');
      }
      expect(await strict.database.db.select().from(t.webhookEndpoints)).toEqual([]);
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('classifies addresses: public, loopback, and every range a webhook may not reach', async () => {
    for (const a of ['8.8.8.8', '2606:4700:4700::1111', '93.184.216.34']) expect(classifyAddress(a), a).toBe('public');
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) expect(classifyAddress(a), a).toBe('loopback');
    for (const a of ['10.1.2.3', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.100.100.100', '0.0.0.0', '224.0.0.251', '255.255.255.255', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:a00:1::1', 'nonsense']) {
      expect(classifyAddress(a), a).toBe('not public');
    }
    // A name is judged by every address it resolves to (the resolver here answers as a DNS server would for such a name).
    const rebinding = { allowLoopback: false, resolve: async () => [{ address: '203.0.113.9', family: 4 }, { address: '10.0.0.5', family: 4 }] };
    await expect(checkWebhookUrl('https://hooks.example.com/x', rebinding)).rejects.toThrow(/private or reserved/);
    await expect(checkWebhookUrl('https://localhost/x', { allowLoopback: false })).rejects.toThrow(/loopback|private/);
    await expect(checkWebhookUrl('http://hooks.example.com/x', { allowLoopback: false, resolve: async () => [{ address: '93.184.216.34', family: 4 }] })).rejects.toThrow(/https/);
    expect((await checkWebhookUrl('https://hooks.example.com/x', { allowLoopback: false, resolve: async () => [{ address: '93.184.216.34', family: 4 }] })).address).toBe('93.184.216.34');
  });

  it('is for the agent\'s admins only: branch staff, API keys and the back office are refused', async () => {
    expect((await call('GET', '/v1/webhook-endpoints', branchStaff)).statusCode).toBe(403);
    expect((await call('POST', '/v1/webhook-endpoints', branchStaff, { url: `${receiver.url}/x`, events: ['booking.confirmed'] })).statusCode).toBe(403);
    expect((await call('GET', '/v1/webhook-endpoints', staff)).statusCode).toBe(403);
    const key = (await call('POST', '/v1/api-keys', agents.FREE.headers, { name: 'webhooks test', group_id: osakaBranch })).json().key as string;
    expect((await call('GET', '/v1/webhook-endpoints', { authorization: `Bearer ${key}` })).statusCode).toBe(403);
  });

  it('refuses another agent\'s branch (400 naming branch_id)', async () => {
    const res = await call('POST', '/v1/webhook-endpoints', agents.CONTRACTED.headers, { url: `${receiver.url}/x`, events: ['booking.confirmed'], branch_id: osakaBranch });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('branch_id');
  });
});

describe('events and their signed deliveries', () => {
  it('a reserved and confirmed booking is delivered to the subscribed endpoint, signed; unsubscribed events are not', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/flow`, events: ['booking.reserved', 'booking.confirmed'] });
    const id = await submitted(agents.FREE.id);
    await step(id, 'reserve_allotments');
    await step(id, 'confirm_booking', MAIL);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => [r.eventType, r.bookingId, r.status, r.attempts])).toEqual([
      ['booking.reserved', id, 'PENDING', 0],
      ['booking.confirmed', id, 'PENDING', 0],
    ]);
    const start = receiver.received.length;
    await deliverAll(endpoint.id);
    const got = receiver.received.slice(start);
    expect(got.map((r) => r.path)).toEqual(['/hooks/flow', '/hooks/flow']);
    const [reserved, confirmed] = got.map((r) => verified(r, endpoint.secret));
    expect(reserved).toMatchObject({ type: 'booking.reserved', data: { booking_id: id, status: 'SUBMITTED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' } });
    expect(confirmed).toMatchObject({ type: 'booking.confirmed', data: { booking_id: id, status: 'RESERVED', revision: expect.any(Number) } });
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.headers['webhook-id']).toBe(rows[0]!.messageId);
    // A wrong secret does not verify.
    expect(() => verified(got[0]!, 'whsec_' + Buffer.alloc(24, 1).toString('base64'))).toThrow();
    const listed = (await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`, agents.FREE.headers)).json();
    expect(listed.total).toBe(2);
    expect(listed.deliveries[0]).toMatchObject({ event_type: 'booking.confirmed', status: 'DELIVERED', attempts: 1, last_response_code: 200, booking_id: id });
    // Delivered once: a second run of the job sends nothing.
    await deliverAll(endpoint.id);
    expect(receiver.received.length).toBe(start + 2);
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers);
  });

  it('a refused step writes no event (the event is in the step\'s transaction)', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/rollback`, events: ['booking.confirmed', 'booking.refused'] });
    const id = await submitted(agents.FREE.id);
    // Not reserved yet: confirming is refused, nothing is written.
    expect((await call('POST', `/v1/bookings/${id}/confirm_booking`, staff, MAIL)).statusCode).toBe(409);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    expect((await deliveriesOf(endpoint.id)).map((r) => r.eventType)).toEqual(['booking.refused']);
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers);
  });

  it('seats assigned, voucher sent, a change declined and approved, the sent documents outdated: each its event', async () => {
    const admin = agents.SPECIAL_CONTRACTED.headers;
    const endpoint = await createEndpoint(admin, { url: `${receiver.url}/hooks/seats`, events: ['booking.seats_assigned', 'booking.voucher_sent', 'booking.change_approved', 'booking.change_declined', 'booking.documents_outdated'] });
    const day = fx.days[dayIndex++ % fx.days.length]!;
    const body = plainBookingBody({ agentId: agents.SPECIAL_CONTRACTED.id, day, serviceId: fx.down, adults: 12 });
    const id = (await call('POST', '/v1/bookings', staff, body)).json().booking_id as string;
    for (const [name, payload] of [['reserve_allotments'], ['confirm_booking', MAIL], ['assign_seats', {}], ['assign_seats_ok'], ['send_seat_table', MAIL], ['confirm_voucher', { note: '' }], ['send_voucher', MAIL]] as const) {
      await step(id, name, payload);
    }
    const change = { applicant: body.applicant, tour_conductor: null, group: { ...body.group, name_kana: '' }, service_order: body.service_order, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 11 }], wheel_chairs: [] }, note: '' };
    const asked = await call('PUT', `/v1/bookings/${id}/params`, admin, change);
    expect(asked.statusCode, asked.body).toBe(200);
    await step(id, 'reject_modification', { reason: '当日の車両の都合' });
    expect((await call('PUT', `/v1/bookings/${id}/params`, staff, change)).statusCode).toBe(200);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.eventType)).toEqual(['booking.seats_assigned', 'booking.voucher_sent', 'booking.change_declined', 'booking.change_approved', 'booking.documents_outdated']);
    // The declined change left the documents as they were; the approved one (11 people) outdated both.
    expect(rows[4]!.payload).toMatchObject({ type: 'booking.documents_outdated', data: { booking_id: id, documents: ['seat_table', 'voucher'] } });
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, admin);
  }, 60_000);

  it('money received and refunded, and a cancellation confirmed, reach the agent\'s system', async () => {
    const admin = agents.CONTRACTED.headers;
    const endpoint = await createEndpoint(admin, { url: `${receiver.url}/hooks/money`, events: ['payment.received', 'payment.refunded', 'booking.cancellation_confirmed'] });
    const id = await submitted(agents.CONTRACTED.id);
    await step(id, 'reserve_allotments');
    await step(id, 'confirm_booking', MAIL);
    const fare = (await call('GET', `/v1/bookings/${id}`, staff)).json().main_params.payment;
    await step(id, `payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-HOOK-1' }, admin);
    await step(id, 'cancel', { agree_cancellation_policy: true }, admin);
    await step(id, 'confirm_cancellation');
    const refund = (await call('GET', `/v1/bookings/${id}`, staff)).json().main_params.payment.refunds[0];
    await step(id, `payments/${refund.payment_id}/refund_paid`, { paid_on: '2058-05-01' });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.eventType)).toEqual(['payment.received', 'booking.cancellation_confirmed', 'payment.refunded']);
    expect(rows[0]!.payload).toMatchObject({ data: { booking_id: id, payment: { payment_id: fare.payment_id, ledger_kind: 'COUPON', amount_e6: fare.total_amount } } });
    expect(rows[2]!.payload).toMatchObject({ data: { booking_id: id, status: 'CANCELLED', payment: { payment_id: refund.payment_id, ledger_kind: 'REFUND', amount_e6: refund.total_amount } } });
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, admin);
  }, 60_000);
});

describe('retries, redirects, redelivery and the address checked at delivery', () => {
  it('a failing endpoint is tried again after 5 s, then delivered; the log shows the attempts and the codes', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/flaky`, events: ['booking.refused'] });
    const id = await submitted(agents.FREE.id);
    await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    const [delivery] = await deliveriesOf(endpoint.id);
    receiver.script.push(500);
    const start = receiver.received.length;
    expect(await deliverWebhook(deliveryDeps(), delivery!.id)).toBe('retry');
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: 500, lastError: 'answered 500' });
    const wait = row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime();
    expect(wait).toBe(5_000);
    // Not due yet: nothing is sent.
    expect(await deliverWebhook(deliveryDeps(), delivery!.id)).toBe('skipped');
    later(5);
    expect(await deliverWebhook(deliveryDeps(), delivery!.id)).toBe('delivered');
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 2, lastResponseCode: 200, lastError: null, nextAttemptAt: null });
    // Both attempts carried the same message id, each signed for its own time.
    const got = receiver.received.slice(start);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([row!.messageId]));
    expect(verified(got[1]!, endpoint.secret)).toMatchObject({ type: 'booking.refused', data: { booking_id: id, status: 'NOT_RESERVED' } });
    const listed = (await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries?status=DELIVERED`, agents.FREE.headers)).json();
    expect(listed.deliveries).toEqual([expect.objectContaining({ id: delivery!.id, attempts: 2, last_response_code: 200, status: 'DELIVERED' })]);
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers);
  });

  it('a redirect is not followed; after the last retry the delivery is FAILED; redeliver starts again with the same message id', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/gone`, events: ['booking.refused'] });
    const id = await submitted(agents.FREE.id);
    await step(id, 'refuse_booking', { reason: 'OTHER', ...MAIL });
    const [delivery] = await deliveriesOf(endpoint.id);
    const start = receiver.received.length;
    receiver.script.push(302, 500, 500, 500, 500, 500, 503);
    const outcomes: string[] = [];
    for (const wait of [0, 5, 300, 1_800, 7_200, 18_000, 36_000]) {
      later(wait);
      outcomes.push(await deliverWebhook(deliveryDeps(), delivery!.id));
      if (outcomes.length === 1) expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ lastResponseCode: 302, lastError: 'answered 302 (a redirect is not followed)' });
    }
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'retry', 'failed']);
    expect(receiver.received.slice(start).map((r) => r.path)).toEqual(Array(7).fill('/hooks/gone')); // never /moved
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'FAILED', attempts: 7, lastResponseCode: 503, nextAttemptAt: null });
    clock.set(new Date());

    const again = await call('POST', `/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, agents.FREE.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'PENDING', attempts: 0, message_id: delivery!.messageId });
    expect(await deliverWebhook(deliveryDeps(), delivery!.id)).toBe('delivered');
    const last = receiver.received.at(-1)!;
    expect(last.headers['webhook-id']).toBe(delivery!.messageId);
    expect(verified(last, endpoint.secret)).toMatchObject({ type: 'booking.refused' });
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'webhook_endpoints.redeliver'));
    expect(log).toMatchObject({ operator: 'agent-free@example.com', isError: false });
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers);
  });

  it('at delivery the address is checked again: a server that does not allow loopback sends nothing there', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `http://localhost:${new URL(receiver.url).port}/hooks/rebound`, events: ['booking.refused'] });
    const id = await submitted(agents.FREE.id);
    await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    const [delivery] = await deliveriesOf(endpoint.id);
    const start = receiver.received.length;
    expect(await deliverWebhook(deliveryDeps({ allowLoopback: false }), delivery!.id)).toBe('retry');
    expect(receiver.received.length).toBe(start);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: null, lastError: expect.stringMatching(/^not sent: localhost is this machine/) });
    await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers);
  });

  it('a test event, a rotated secret, a switched-off endpoint and a deleted one', async () => {
    const endpoint = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/test`, events: ['booking.refused'] });
    const test = await call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`, agents.FREE.headers);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'PENDING', booking_id: null });
    await deliverWebhook(deliveryDeps(), test.json().id);
    expect(verified(receiver.received.at(-1)!, endpoint.secret)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });

    const rotated = await call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, agents.FREE.headers);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(endpoint.secret);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'webhook_endpoints.rotate_secret'));
    expect(JSON.stringify(log)).not.toContain(secret.slice(6));
    const second = (await call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`, agents.FREE.headers)).json();
    await deliverWebhook(deliveryDeps(), second.id);
    const got = receiver.received.at(-1)!;
    expect(verified(got, secret)).toMatchObject({ type: 'webhook.test' });
    expect(() => verified(got, endpoint.secret)).toThrow();

    // Switched off: new events are not written; one already due is not sent.
    const off = await call('PUT', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, url: `${receiver.url}/hooks/test` });
    const third = (await call('POST', `/v1/webhook-endpoints/${endpoint.id}/test`, agents.FREE.headers)).json();
    expect(await deliverWebhook(deliveryDeps(), third.id)).toBe('failed');
    const id = await submitted(agents.FREE.id);
    await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    expect((await deliveriesOf(endpoint.id)).map((r) => r.eventType)).toEqual(['webhook.test', 'webhook.test', 'webhook.test']);

    const bad = await call('PUT', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers, { url: 'https://10.1.1.1/x' });
    expect(errorOf(bad).field).toBe('url');
    expect((await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, agents.FREE.headers)).statusCode).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect((await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries`, agents.FREE.headers)).statusCode).toBe(404);
  });
});

describe('tenants', () => {
  it('one agent never sees, changes or hears of another\'s endpoints and deliveries', async () => {
    const mine = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/free`, events: ['booking.refused'] });
    const theirs = await createEndpoint(agents.CONTRACTED.headers, { url: `${receiver.url}/hooks/contracted`, events: ['booking.refused'] });
    const id = await submitted(agents.FREE.id);
    await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    const [delivery] = await deliveriesOf(mine.id);
    expect(delivery!.bookingId).toBe(id);
    expect(await deliveriesOf(theirs.id)).toEqual([]);

    const other = agents.CONTRACTED.headers;
    expect((await call('GET', '/v1/webhook-endpoints', other)).json().webhook_endpoints.map((e: { id: number }) => e.id)).toEqual([theirs.id]);
    for (const [method, url, body] of [
      ['GET', `/v1/webhook-endpoints/${mine.id}/deliveries`],
      ['PUT', `/v1/webhook-endpoints/${mine.id}`, { enabled: false }],
      ['POST', `/v1/webhook-endpoints/${mine.id}/rotate-secret`],
      ['POST', `/v1/webhook-endpoints/${mine.id}/test`],
      ['POST', `/v1/webhook-endpoints/${mine.id}/deliveries/${delivery!.id}/redeliver`],
      ['POST', `/v1/webhook-endpoints/${theirs.id}/deliveries/${delivery!.id}/redeliver`],
      ['DELETE', `/v1/webhook-endpoints/${mine.id}`],
    ] as const) {
      const res = await call(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ctx.database.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, mine.id)))[0]).toMatchObject({ enabled: true });
    await call('DELETE', `/v1/webhook-endpoints/${mine.id}`, agents.FREE.headers);
    await call('DELETE', `/v1/webhook-endpoints/${theirs.id}`, other);
  });

  it('an endpoint narrowed to a branch hears only that branch\'s bookings', async () => {
    const osaka = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/osaka`, events: ['booking.refused'], branch_id: osakaBranch });
    expect(osaka).toMatchObject({ branch_id: osakaBranch });
    const all = await createEndpoint(agents.FREE.headers, { url: `${receiver.url}/hooks/all`, events: ['booking.refused'] });
    const headOffice = await submitted(agents.FREE.id);
    const branchBooking = await submitted(agents.FREE.id, osakaBranch);
    for (const id of [headOffice, branchBooking]) await step(id, 'refuse_booking', { reason: 'FULL', ...MAIL });
    expect((await deliveriesOf(osaka.id)).map((d) => d.bookingId)).toEqual([branchBooking]);
    expect((await deliveriesOf(all.id)).map((d) => d.bookingId)).toEqual([headOffice, branchBooking]);
    const list = (await call('GET', '/v1/webhook-endpoints', agents.FREE.headers)).json().webhook_endpoints;
    expect(list.find((e: { id: number }) => e.id === osaka.id)).toMatchObject({ branch_id: osakaBranch, branch_name: '大阪支店' });
    await ctx.database.db.execute(sql`delete from webhook_endpoints where id in (${osaka.id}, ${all.id})`);
  });
});

/**
 * The OCTO webhooks capability (issue 37, ADR 039): a reseller registers booking_update endpoints
 * over /octo (other events and private addresses refused, seen by its own agent only), and hears
 * of its OCTO bookings' confirmation and cancellation, signed as Standard Webhooks, the booking in
 * the standard's shape; the agent's other bookings are not sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zBooking, zErrorBadRequest } from '@octocloud/types';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { deliverWebhook, signWebhook } from '../src/modules/webhooks/index.ts';
import { plainBookingBody } from './support/booking-fixture.ts';
import { latestOperationLog } from './test-app.ts';
import { openOctoFixture, type OctoFixture } from './support/octo-fixture.ts';

const clock = fixedClock('2058-04-01T00:00:00Z');
let b: OctoFixture['b'];
let freeKey: string;
let branchKey: string;
let otherKey: string;
let firstDown: string;
let octo: OctoFixture['octo'];
let reserve: OctoFixture['reserve'];

beforeAll(async () => {
  ({ b, freeKey, branchKey, otherKey, firstDown, octo, reserve } = await openOctoFixture(clock));
});

afterAll(async () => {
  await b.ctx.close();
});

describe('webhooks (octo/webhooks)', () => {
  interface Received {
    headers: IncomingHttpHeaders;
    body: string;
  }
  let receiver: { url: string; received: Received[]; close(): Promise<void> };

  beforeAll(async () => {
    const received: Received[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = { url: `http://127.0.0.1:${port}/octo-hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
  });
  afterAll(async () => {
    await receiver.close();
  });

  const secrets = () => createSecretBox(b.ctx.config.totpSecretKey!);
  const deliveriesOf = (endpointId: number) => b.ctx.database.db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.endpointId, endpointId)).orderBy(t.webhookDeliveries.id);
  /** The delivery job's work, as the queue would run it. */
  async function deliverAll(endpointId: number) {
    for (const d of await deliveriesOf(endpointId)) await deliverWebhook({ db: b.ctx.database.db, clock, secrets: secrets(), rules: { allowLoopback: true } }, d.id);
  }

  it('registers a booking_update webhook, refuses other events and private addresses, and lists it to its own agent only', async () => {
    const endpoints = async () => (await b.ctx.database.db.select().from(t.webhookEndpoints)).length;
    const before = await endpoints();
    const wrongEvent = await octo('POST', '/webhooks', freeKey, { url: receiver.url, event: 'booking_cancelled' });
    expect(wrongEvent.statusCode).toBe(400);
    expect(zErrorBadRequest.parse(wrongEvent.json()).errorMessage).toMatch(/^event/);
    const privateUrl = await octo('POST', '/webhooks', freeKey, { url: 'http://10.0.0.5/hook', event: 'booking_update' });
    expect(privateUrl.statusCode).toBe(400);
    expect(privateUrl.json()).toMatchObject({ error: 'BAD_REQUEST' });
    expect(privateUrl.json().errorMessage).toMatch(/^url/);
    const noUrl = await octo('POST', '/webhooks', freeKey, { event: 'booking_update' });
    expect(noUrl.json()).toMatchObject({ error: 'BAD_REQUEST' });
    expect(noUrl.json().errorMessage).toMatch(/^url/);
    expect(await endpoints()).toBe(before);

    const created = await octo('POST', '/webhooks', freeKey, { url: receiver.url, event: 'booking_update' });
    expect(created.statusCode, created.body).toBe(200);
    const webhook = created.json() as { id: string; event: string; url: string };
    expect(webhook).toEqual({ id: expect.stringMatching(/^[0-9]+$/), event: 'booking_update', url: receiver.url });
    expect((await latestOperationLog(b.ctx, 'octo.webhook_create'))?.operator).toContain('Reseller head office');

    expect((await octo('GET', '/webhooks', freeKey)).json()).toEqual([webhook]);
    expect(((await octo('GET', '/capabilities', freeKey)).json() as { id: string }[]).map((c) => c.id)).toContain('octo/webhooks');
    // Another agent's key and this agent's branch key neither see nor delete it.
    expect((await octo('GET', '/webhooks', otherKey)).json()).toEqual([]);
    expect((await octo('GET', '/webhooks', branchKey)).json()).toEqual([]);
    for (const key of [otherKey, branchKey]) {
      const refused = await octo('DELETE', `/webhooks/${webhook.id}`, key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'BAD_REQUEST' });
    }
    expect((await octo('DELETE', '/webhooks/not-a-number', freeKey)).json()).toMatchObject({ error: 'BAD_REQUEST' });
    // Managed over OCTO only: the agent's /v1 webhook screens do not list it.
    const admin = await b.ctx.login('agent-free@example.com');
    const v1 = await b.ctx.app.inject({ method: 'GET', url: '/v1/webhook-endpoints', headers: admin });
    expect(v1.statusCode, v1.body).toBe(200);
    expect((v1.json().webhook_endpoints as { id: number }[]).map((e) => e.id)).not.toContain(Number(webhook.id));
    expect((await b.ctx.app.inject({ method: 'DELETE', url: `/v1/webhook-endpoints/${webhook.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('POSTs {webhook, booking} signed to the reseller when its booking is confirmed and cancelled; other bookings of the agent are not sent', async () => {
    const [webhook] = (await octo('GET', '/webhooks', freeKey)).json() as { id: string; event: string; url: string }[];
    const endpointId = Number(webhook!.id);
    // A booking of the same agent made on the /v1 screens (not over OCTO): no delivery to the OCTO endpoint.
    const plain = await b.ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers: b.staff, payload: plainBookingBody({ agentId: b.agentIds.FREE!, day: b.fx.days[1]!, serviceId: b.fx.down, adults: 12 }) });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await deliveriesOf(endpointId)).toEqual([]);
    // Were one written all the same, it is not sent in the OCTO format: it ends FAILED, with the reason.
    const [stray] = await b.ctx.database.db.insert(t.webhookDeliveries).values({ endpointId, eventType: 'booking.reserved', messageId: 'msg_stray', bookingId: plain.json().booking_id, payload: {} }).returning();
    expect(await deliverWebhook({ db: b.ctx.database.db, clock, secrets: secrets(), rules: { allowLoopback: true } }, stray!.id)).toBe('failed');
    expect((await deliveriesOf(endpointId))[0]).toMatchObject({ status: 'FAILED', attempts: 0, lastError: expect.stringContaining('OCTO') });
    expect(receiver.received).toEqual([]);
    await b.ctx.database.db.delete(t.webhookDeliveries).where(eq(t.webhookDeliveries.id, stray!.id));

    const uuid = (await reserve(8, firstDown, freeKey, { resellerReference: 'R-HOOK' })).json().uuid as string;
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, freeKey, { contact: { fullName: 'Hook Tours', emailAddress: 'hook@example.com' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Confirmed over OCTO, the booking waits for the operator (PENDING); the operator's confirmation is the booking event.
    expect(await deliveriesOf(endpointId)).toEqual([]);
    const operator = await b.ctx.app.inject({ method: 'POST', url: `/v1/bookings/${confirmed.json().supplierReference}/confirm_booking`, headers: b.staff, payload: { mail: { subject: 'OK', body: 'OK' } } });
    expect(operator.statusCode, operator.body).toBe(200);
    const deliveries = await deliveriesOf(endpointId);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d) => d.bookingId))).toEqual(new Set([confirmed.json().supplierReference]));

    await deliverAll(endpointId);
    expect((await deliveriesOf(endpointId)).map((d) => d.status)).toEqual(deliveries.map(() => 'DELIVERED'));
    expect(receiver.received).toHaveLength(deliveries.length);
    const [endpoint] = await b.ctx.database.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, endpointId));
    const secret = secrets().open(endpoint!.secretSealed, `webhook-endpoint:agent:${endpoint!.agentId}`);
    const now = (await octo('GET', `/bookings/${uuid}`, freeKey)).json();
    for (const r of receiver.received) {
      // Standard Webhooks headers, signed with the endpoint's sealed secret.
      expect(r.headers['webhook-id']).toMatch(/^msg_/);
      expect(r.headers['webhook-signature']).toBe(signWebhook(secret, String(r.headers['webhook-id']), Number(r.headers['webhook-timestamp']), r.body));
      const sent = JSON.parse(r.body) as { webhook: unknown; booking: { uuid: string; status: string } };
      expect(sent.webhook).toEqual(webhook);
      zBooking.parse(sent.booking);
      expect(sent.booking).toMatchObject({ uuid, status: now.status, supplierReference: confirmed.json().supplierReference, resellerReference: 'R-HOOK' });
    }
    expect(now.status).toBe('CONFIRMED');

    const sentBefore = receiver.received.length;
    const cancelled = await octo('POST', `/bookings/${uuid}/cancel`, freeKey, { reason: 'webhook test' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliverAll(endpointId);
    const last = JSON.parse(receiver.received.at(-1)!.body) as { booking: { uuid: string; status: string } };
    expect(receiver.received.length).toBeGreaterThan(sentBefore);
    expect(last.booking).toMatchObject({ uuid, status: 'CANCELLED' });

    const removed = await octo('DELETE', `/webhooks/${webhook!.id}`, freeKey);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual(webhook);
    expect((await latestOperationLog(b.ctx, 'octo.webhook_delete'))?.responseJson).toMatchObject({ id: webhook!.id });
    expect((await octo('GET', '/webhooks', freeKey)).json()).toEqual([]);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });
});

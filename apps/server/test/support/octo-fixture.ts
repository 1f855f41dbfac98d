/**
 * What the OCTO API tests share (octo.test.ts, octo-webhooks.test.ts): a booking test app on the
 * embedded database (loopback allowed for the webhooks' local receiver), the operator's usual
 * minimum group, three resellers' API keys (an agent's head office and branch, another agent),
 * the OCTO product and its adult unit, and the fixture's first two down trains as OCTO names them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { GROUP, openBookingTestApp, type BookingTestApp } from './inventory-fixture.ts';

const CAPS = 'octo/pricing, octo/content';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function openOctoFixture(clock: Clock) {
  // Loopback allowed: the webhooks' receiver is a real local HTTP server.
  const b: BookingTestApp = await openBookingTestApp({ clock, env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const db = b.ctx.database.db;
  // The operator's usual minimum group (the test database may carry another).
  await db.update(t.operatorBasicInfo).set({ minGroupSize: 8 });
  const groupOf = async (email: string) => {
    const [row] = await db.select({ agentId: t.agentStaffs.agentId, groupId: t.agentStaffs.groupId }).from(t.agentStaffs).innerJoin(t.accounts, eq(t.accounts.id, t.agentStaffs.accountId)).where(eq(t.accounts.email, email));
    return row!;
  };
  async function createKey(admin: { authorization: string }, name: string, groupId: number): Promise<string> {
    const res = await b.ctx.app.inject({ method: 'POST', url: '/v1/api-keys', headers: admin, payload: { name, group_id: groupId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().key as string;
  }
  const free = await groupOf('agent-free@example.com');
  const branch = await groupOf('branch-free@example.com');
  const other = await groupOf('agent-contracted@example.com');
  const freeKey = await createKey(await b.ctx.login('agent-free@example.com'), 'Reseller head office', free.groupId);
  const branchKey = await createKey(await b.ctx.login('agent-free@example.com'), 'Reseller branch', branch.groupId);
  const otherKey = await createKey(await b.ctx.login('agent-contracted@example.com'), 'Other reseller', other.groupId);
  const [product] = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.channel, 'OCTO'));
  const productId = String(product!.id);
  const [adult] = await db.select({ id: t.units.id }).from(t.units).where(and(eq(t.units.segment, 'NORMAL'), eq(t.units.annotation, 'NORMAL'), eq(t.units.fareType, 'ADULT')));
  const adultUnit = String(adult!.id);
  /** The fixture's down train on its first day, as OCTO names it. */
  const firstDown = `${b.fx.days[0]}T09:00:00+09:00`;
  const secondDown = `${b.fx.days[1]}T09:00:00+09:00`;

  /** An OCTO call with a key (or none), asking for pricing and content. */
  async function octo(method: Method, url: string, key: string | null, payload?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return b.ctx.app.inject({ method, url: `/octo${url}`, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'octo-capabilities': CAPS, ...headers }, ...(payload ? { payload } : {}) });
  }
  /** `n` adult travellers as unit items. */
  const units = (n: number) => Array.from({ length: n }, () => ({ unitId: adultUnit }));
  /** A reservation of `n` adults on the default option. */
  async function reserve(n: number, availabilityId = firstDown, key = freeKey, extra: object = {}) {
    return octo('POST', '/bookings', key, { productId, optionId: 'NORMAL_DOWN', availabilityId, unitItems: units(n), ...extra });
  }
  /** Seats held on the group allotment of a train-day, per leg. */
  async function held(serviceDate: string, serviceId: number): Promise<number[]> {
    const rows = rowsOf<{ held: number }>(
      await db.execute(sql`select held from inventory_counters where service_date = ${serviceDate} and service_id = ${serviceId} and arrangement_type_id = ${GROUP} order by leg`),
    );
    return rows.map((r) => Number(r.held));
  }
  return { b, freeKey, branchKey, otherKey, productId, adultUnit, firstDown, secondDown, octo, units, reserve, held };
}

export type OctoFixture = Awaited<ReturnType<typeof openOctoFixture>>;

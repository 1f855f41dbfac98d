/**
 * The OCTO supplier API (issue 37, ADR 039) on the embedded database: a reseller is an agent with
 * an API key. Reservations hold the group allotment and are never oversold, even when many come
 * at once for the last seats; a hold runs out (the job releases it), is extended, confirmed into
 * an ordinary booking (channel OCTO), changed and cancelled with the policy's fee; one agent never
 * sees another's bookings. Every answer is checked against the standard's own schemas
 * (`@octocloud/types`' zod schemas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { zAvailability, zAvailabilityCalendar, zBooking, zErrorBadRequest, zErrorInvalidAvailabilityId, zErrorInvalidBookingUuid, zErrorInvalidOptionId, zErrorInvalidProductId, zProduct, zSupplier } from '@octocloud/types';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { expireOctoHolds } from '../src/modules/octo/index.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { latestOperationLog } from './test-app.ts';
import { GROUP, keepGroupSeats } from './support/inventory-fixture.ts';
import { openOctoFixture, type OctoFixture } from './support/octo-fixture.ts';

const clock = fixedClock('2058-04-01T00:00:00Z');
let b: OctoFixture['b'];
let freeKey: string;
let branchKey: string;
let otherKey: string;
let productId: string;
let adultUnit: string;
let firstDown: string;
let secondDown: string;
let octo: OctoFixture['octo'];
let units: OctoFixture['units'];
let reserve: OctoFixture['reserve'];
let held: OctoFixture['held'];

beforeAll(async () => {
  ({ b, freeKey, branchKey, otherKey, productId, adultUnit, firstDown, secondDown, octo, units, reserve, held } = await openOctoFixture(clock));
});

afterAll(async () => {
  await b.ctx.close();
});

describe('catalogue', () => {
  it('answers the supplier, its products with options and units, priced in whole yen, in the standard\'s shapes', async () => {
    const supplier = await octo('GET', '/supplier', freeKey);
    expect(supplier.statusCode, supplier.body).toBe(200);
    zSupplier.parse(supplier.json());
    expect(supplier.headers['octo-capabilities']).toBe('octo/pricing, octo/content');

    const products = await octo('GET', '/products', freeKey);
    expect(products.statusCode, products.body).toBe(200);
    const list = products.json() as { id: string; options: { id: string; units: { id: string; pricingFrom: { retail: number; currency: string; currencyPrecision: number }[] }[]; restrictions: { minUnits: number; maxUnits: number | null } }[] }[];
    expect(list.map((p) => p.id)).toEqual([productId]);
    for (const p of list) zProduct.parse(p);
    const option = list[0]!.options.find((o) => o.id === 'NORMAL_DOWN')!;
    expect(list[0]!.options.map((o) => o.id)).toEqual(['NORMAL_DOWN', 'NORMAL_UP', 'SCHOOL_DOWN', 'SCHOOL_UP']);
    expect(option.restrictions.minUnits).toBe(8);
    // No limit of the option's own: each departure's availability says how many it can take.
    expect(option.restrictions.maxUnits).toBeNull();
    const adult = option.units.find((u) => u.id === adultUnit)!;
    // The plan's adult fare (millionths of a yen in the database) in whole yen.
    const [price] = rowsOf<{ price_e6: string }>(await b.ctx.database.db.execute(sql`select pu.price_e6 from pricing_plan_units pu join pricing_plans p on p.id = pu.pricing_plan_id where pu.unit_id = ${Number(adultUnit)} and p.service_date_from <= '2058-04-01' and p.service_date_to >= '2058-04-01' order by p.id desc limit 1`));
    expect(adult.pricingFrom[0]).toMatchObject({ retail: Number(price!.price_e6) / 1_000_000, currency: 'JPY', currencyPrecision: 0 });

    const one = await octo('GET', `/products/${productId}`, freeKey);
    expect(one.statusCode).toBe(200);
    zProduct.parse(one.json());
  });

  it('answers the calendar and the departures of an option with vacancies from the group allotment', async () => {
    const calendar = await octo('POST', '/availability/calendar', freeKey, { productId, optionId: 'NORMAL_DOWN', localDateStart: b.fx.days[0], localDateEnd: b.fx.disabledDay });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const days = calendar.json() as { localDate: string; status: string }[];
    for (const d of days) zAvailabilityCalendar.parse(d);
    expect(days.find((d) => d.localDate === b.fx.days[0])!.status).toBe('AVAILABLE');
    expect(days.find((d) => d.localDate === b.fx.disabledDay)!.status).toBe('CLOSED');

    const check = await octo('POST', '/availability', freeKey, { productId, optionId: 'NORMAL_DOWN', localDateStart: b.fx.days[0], localDateEnd: b.fx.days[0] });
    expect(check.statusCode, check.body).toBe(200);
    const [train] = check.json() as { id: string; status: string; vacancies: number; localDateTimeStart: string }[];
    zAvailability.parse(train);
    expect(train).toMatchObject({ id: firstDown, localDateTimeStart: firstDown, status: 'AVAILABLE' });
    const [counted] = await held(b.fx.days[0]!, b.fx.down);
    const [capacity] = rowsOf<{ capacity: number }>(await b.ctx.database.db.execute(sql`select min(capacity) as capacity from inventory_counters where service_date = ${b.fx.days[0]} and service_id = ${b.fx.down} and arrangement_type_id = ${GROUP}`));
    expect(train!.vacancies).toBe(Number(capacity!.capacity) - counted!);

    const byId = await octo('POST', '/availability', freeKey, { productId, optionId: 'NORMAL_DOWN', availabilityIds: [firstDown] });
    expect(byId.json()).toHaveLength(1);
  });

  it('refuses bad ids with the standard\'s codes and statuses, and callers without a key', async () => {
    const badProduct = await octo('POST', '/availability', freeKey, { productId: '999999', optionId: 'NORMAL_DOWN', localDateStart: b.fx.days[0], localDateEnd: b.fx.days[0] });
    expect(badProduct.statusCode).toBe(400);
    expect(zErrorInvalidProductId.parse(badProduct.json())).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: '999999' });
    const badOption = await octo('POST', '/availability/calendar', freeKey, { productId, optionId: 'invalidOptionId', localDateStart: b.fx.days[0], localDateEnd: b.fx.days[0] });
    expect(zErrorInvalidOptionId.parse(badOption.json())).toMatchObject({ error: 'INVALID_OPTION_ID', optionId: 'invalidOptionId' });
    const badAvailability = await reserve(8, 'invalidAvailabilityId');
    expect(badAvailability.statusCode).toBe(400);
    expect(zErrorInvalidAvailabilityId.parse(badAvailability.json())).toMatchObject({ error: 'INVALID_AVAILABILITY_ID' });
    const noTrain = await reserve(8, `${b.fx.days[0]}T09:01:00+09:00`);
    expect(noTrain.json().error).toBe('INVALID_AVAILABILITY_ID');
    const badUuid = await octo('GET', '/bookings/invalidUUID', freeKey);
    expect(badUuid.statusCode).toBe(400);
    expect(zErrorInvalidBookingUuid.parse(badUuid.json())).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid: 'invalidUUID' });
    const badUnit = await octo('POST', '/bookings', freeKey, { productId, optionId: 'NORMAL_DOWN', availabilityId: firstDown, unitItems: [{ unitId: 'invalidUnitId' }] });
    expect(badUnit.json()).toMatchObject({ error: 'INVALID_UNIT_ID', unitId: 'invalidUnitId' });
    const missing = await octo('POST', '/bookings', freeKey, { productId, optionId: 'NORMAL_DOWN', availabilityId: firstDown });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    const both = await octo('POST', '/availability', freeKey, { productId, optionId: 'NORMAL_DOWN', localDateStart: b.fx.days[0], localDateEnd: b.fx.days[0], availabilityIds: [firstDown] });
    expect(zErrorBadRequest.parse(both.json()).error).toBe('BAD_REQUEST');
    const badRange = await octo('POST', '/availability', freeKey, { productId, optionId: 'NORMAL_DOWN', localDateStart: '2058-02-31', localDateEnd: b.fx.days[0] });
    expect(badRange.json()).toMatchObject({ error: 'BAD_REQUEST' });
    const tooSmall = await reserve(3);
    expect(tooSmall.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });

    const anonymous = await octo('GET', '/products', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    const revoked = await octo('GET', '/products', 'sgk_not-a-key');
    expect(revoked.statusCode).toBe(401);
    const session = await b.ctx.app.inject({ method: 'GET', url: '/octo/products', headers: await b.ctx.login('agent-free@example.com') });
    expect(session.statusCode).toBe(403);
    expect(session.json()).toMatchObject({ error: 'FORBIDDEN' });
    const staff = await b.ctx.app.inject({ method: 'GET', url: '/octo/products', headers: b.staff });
    expect(staff.statusCode).toBe(403);
    // Nothing was held by the refusals.
    expect(await b.ctx.database.db.select().from(t.octoBookings)).toEqual([]);
  });
});

describe('reservations', () => {
  it('never oversells the last seats under concurrent reserves', async () => {
    // The second day's down train keeps 20 group seats: two groups of 8 fit, a third does not.
    await keepGroupSeats(b.ctx, b.staff, b.fx.days[1]!, b.fx.down, 20);
    const before = await held(b.fx.days[1]!, b.fx.down);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reserve(8, secondDown)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect(refused.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    for (const a of ok) expect(zBooking.parse(a.json()).status).toBe('ON_HOLD');
    const after = await held(b.fx.days[1]!, b.fx.down);
    expect(after).toEqual(before.map((h) => h + 16));
    const [check] = (await octo('POST', '/availability', freeKey, { productId, optionId: 'NORMAL_DOWN', availabilityIds: [secondDown] })).json() as { status: string; vacancies: number }[];
    expect(check).toMatchObject({ status: 'SOLD_OUT', vacancies: 4 });
    // Give the seats back for the tests after.
    for (const a of ok) expect((await octo('POST', `/bookings/${a.json().uuid}/cancel`, freeKey, {})).json().status).toBe('CANCELLED');
    expect(await held(b.fx.days[1]!, b.fx.down)).toEqual(before);
  });

  it('holds until utcExpiresAt, is extended, and the job releases it once it has run out', async () => {
    const before = await held(b.fx.days[0]!, b.fx.down);
    const res = await reserve(9, firstDown, freeKey, { expirationMinutes: 10, resellerReference: 'R-EXP-1' });
    expect(res.statusCode, res.body).toBe(200);
    const booking = zBooking.parse(res.json());
    expect(booking.utcExpiresAt).toBe(new Date(clock.now().getTime() + 10 * 60_000).toISOString().replace('.000Z', 'Z'));
    expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(before.map((h) => h + 9));

    const extended = await octo('POST', `/bookings/${booking.uuid}/extend`, freeKey, { expirationMinutes: 60 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(zBooking.parse(extended.json()).utcExpiresAt).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString().replace('.000Z', 'Z'));

    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 30 * 60_000));
      expect(await expireOctoHolds({ db: b.ctx.database.db, clock })).toEqual({ expired: 0 });
      clock.set(new Date(start.getTime() + 61 * 60_000));
      expect(await expireOctoHolds({ db: b.ctx.database.db, clock })).toEqual({ expired: 1 });
      expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(before);
      const got = await octo('GET', `/bookings/${booking.uuid}`, freeKey);
      expect(zBooking.parse(got.json()).status).toBe('EXPIRED');
      const late = await octo('POST', `/bookings/${booking.uuid}/confirm`, freeKey, { contact: { fullName: 'Late Group', emailAddress: 'late@example.com' } });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
      expect((await latestOperationLog(b.ctx, 'octo.expire_hold'))?.operator).toBe('system');
    } finally {
      clock.set(start);
    }
  });

  it('changes a hold in place: more travellers held, another train', async () => {
    const res = await reserve(8);
    const uuid = res.json().uuid as string;
    const firstBefore = await held(b.fx.days[0]!, b.fx.down);
    const more = await octo('PATCH', `/bookings/${uuid}`, freeKey, { unitItems: units(10) });
    expect(more.statusCode, more.body).toBe(200);
    expect(zBooking.parse(more.json()).unitItems).toHaveLength(10);
    expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(firstBefore.map((h) => h + 2));
    const secondBefore = await held(b.fx.days[1]!, b.fx.down);
    const moved = await octo('PATCH', `/bookings/${uuid}`, freeKey, { availabilityId: secondDown });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(zBooking.parse(moved.json()).availabilityId).toBe(secondDown);
    expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(firstBefore.map((h) => h - 8));
    expect(await held(b.fx.days[1]!, b.fx.down)).toEqual(secondBefore.map((h) => h + 10));
    await octo('POST', `/bookings/${uuid}/cancel`, freeKey, {});
  });
});

describe('bookings', () => {
  it('confirms a hold into an ordinary booking of the agent, marked OCTO, the seats passed from the hold to it', async () => {
    const before = await held(b.fx.days[0]!, b.fx.down);
    const res = await reserve(10, firstDown, freeKey, { resellerReference: 'R-100' });
    const uuid = res.json().uuid as string;
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, freeKey, {
      resellerReference: 'R-100',
      contact: { firstName: 'Makoto', lastName: 'Ito', emailAddress: 'ito.groups@example.com', phoneNumber: '+81 3 0000 0000', country: 'JP', notes: 'two wheelchairs folded' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booking = zBooking.parse(confirmed.json());
    // Waiting for the operator's answer, seats held: PENDING until the operator (or an instant confirmation rule) confirms.
    expect(booking).toMatchObject({ status: 'PENDING', resellerReference: 'R-100', contact: { firstName: 'Makoto', emailAddress: 'ito.groups@example.com' } });
    expect(booking.supplierReference).toMatch(/^\d{8}$/);
    expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(before.map((h) => h + 10));

    const detail = await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${booking.supplierReference}`, headers: b.staff });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      status: 'SUBMITTED',
      sub_status: 'SAGANO_ALLOTMENT_CONFIRMED',
      agent_id: b.agentIds.FREE,
      applicant: { name: 'Makoto Ito', email: 'ito.groups@example.com', phone_number: '+81 3 0000 0000' },
      group: { name: 'Makoto Ito (R-100)', country_code: 'JPN' },
      main_params: { participant_group: { participant_quantity: 10 } },
      channel: 'OCTO',
      instant_confirmation_rule: null,
    });
    const [row] = await b.ctx.database.db.select().from(t.octoBookings).where(eq(t.octoBookings.uuid, uuid));
    expect(row).toMatchObject({ channel: 'OCTO', holdStatus: 'SUBMITTED', heldSeats: 0 });
    expect((await latestOperationLog(b.ctx, 'octo.confirm'))?.operator).toContain('Reseller head office');

    // A retried confirmation answers the same booking.
    const again = await octo('POST', `/bookings/${uuid}/confirm`, freeKey, { contact: { fullName: 'Someone Else', emailAddress: 'x@example.com' } });
    expect(again.json().supplierReference).toBe(booking.supplierReference);

    // The operator confirms it: CONFIRMED over OCTO.
    const confirm = await b.ctx.app.inject({ method: 'POST', url: `/v1/bookings/${booking.supplierReference}/confirm_booking`, headers: b.staff, payload: { mail: { subject: 'OK', body: 'OK' } } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const got = zBooking.parse((await octo('GET', `/bookings/${uuid}`, freeKey)).json());
    expect(got).toMatchObject({ status: 'CONFIRMED', cancellable: true, voucher: { redemptionMethod: 'PRINT', utcRedeemedAt: null } });
    expect(got.utcConfirmedAt).not.toBeNull();

    // The money the reseller is told is the booking's: the total in whole yen is the fare the back
    // office charges the agent, and the unit items add up to it.
    const fare = (await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${booking.supplierReference}`, headers: b.staff })).json() as { main_params: { payment: { total_amount: number } | null } };
    const retail = (got as unknown as { pricing: { retail: number; currencyPrecision: number } }).pricing;
    expect(retail.currencyPrecision).toBe(0);
    expect(retail.retail).toBe(Math.round(fare.main_params.payment!.total_amount / 1_000_000));
    const items = (got as unknown as { unitItems: { pricing: { retail: number } }[] }).unitItems;
    expect(items.reduce((sum, i) => sum + i.pricing.retail, 0)).toBe(retail.retail);
  });

  it('is confirmed at once where an instant confirmation rule takes the OCTO channel (ADR 037), with the hold\'s seats', async () => {
    const db = b.ctx.database.db;
    const [rule] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into instant_confirmation_rules (name, enabled, agent_ids, channels, max_participants, min_days_ahead, only_sufficient_level, auto_assign_seats)
        values ('OCTO 12名まで', true, ${JSON.stringify([b.agentIds.FREE])}::jsonb, '["OCTO"]'::jsonb, 12, 0, false, false) returning id`),
    );
    try {
      const before = await held(b.fx.days[0]!, b.fx.down);
      const uuid = (await reserve(9, firstDown, freeKey, { resellerReference: 'R-200' })).json().uuid as string;
      const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, freeKey, { contact: { fullName: 'Sora Travel', emailAddress: 'sora@example.com' } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const booking = zBooking.parse(confirmed.json());
      expect(booking).toMatchObject({ status: 'CONFIRMED', resellerReference: 'R-200' });
      expect(booking.utcConfirmedAt).not.toBeNull();
      // The seats the hold had are the booking's: nine more held than before the reserve, not eighteen.
      expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(before.map((h) => h + 9));
      const detail = await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${booking.supplierReference}`, headers: b.staff });
      expect(detail.json()).toMatchObject({ status: 'RESERVED', channel: 'OCTO', instant_confirmation_rule: { id: rule!.id, name: 'OCTO 12名まで' } });
      // Over the rule's size: waits for the operator as before.
      const bigger = (await reserve(13, firstDown, freeKey)).json().uuid as string;
      const waiting = zBooking.parse((await octo('POST', `/bookings/${bigger}/confirm`, freeKey, { contact: { fullName: 'Big Group', emailAddress: 'big@example.com' } })).json());
      expect(waiting.status).toBe('PENDING');
    } finally {
      await db.execute(sql`update instant_confirmation_rules set enabled = false where id = ${rule!.id}`);
    }
  });

  it('changes a confirmed booking\'s travellers as the agent\'s change request', async () => {
    const res = await reserve(8, firstDown, freeKey, { resellerReference: 'R-200' });
    const uuid = res.json().uuid as string;
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, freeKey, { contact: { fullName: 'Aoba Club', emailAddress: 'aoba@example.com' } });
    const number = confirmed.json().supplierReference as string;
    // Not yet answered by the operator: a change waits until it is.
    const early = await octo('PATCH', `/bookings/${uuid}`, freeKey, { unitItems: units(9) });
    expect(early.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    await b.ctx.app.inject({ method: 'POST', url: `/v1/bookings/${number}/confirm_booking`, headers: b.staff, payload: { mail: { subject: 'OK', body: 'OK' } } });
    const changed = await octo('PATCH', `/bookings/${uuid}`, freeKey, { unitItems: units(9), contact: { phoneNumber: '075-000-0000' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(zBooking.parse(changed.json()).unitItems).toHaveLength(9);
    const detail = (await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${number}`, headers: b.staff })).json();
    expect(detail.status).toBe('MODIFICATION_SUBMITTED');
    expect(detail.pending_change_summary).not.toBeNull();
  });

  it('cancels a confirmed booking with the policy\'s fee, and a hold by releasing it', async () => {
    const res = await reserve(8, firstDown, freeKey, { resellerReference: 'R-300' });
    const uuid = res.json().uuid as string;
    // No e-mail from the reseller: the booking's mails go to the agent admin who made the key.
    const number = (await octo('POST', `/bookings/${uuid}/confirm`, freeKey, { contact: { fullName: 'Kita Tours' } })).json().supplierReference as string;
    expect((await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${number}`, headers: b.staff })).json().applicant).toMatchObject({ name: 'Kita Tours', email: 'agent-free@example.com', phone_number: '-' });
    await b.ctx.app.inject({ method: 'POST', url: `/v1/bookings/${number}/confirm_booking`, headers: b.staff, payload: { mail: { subject: 'OK', body: 'OK' } } });
    const before = await held(b.fx.days[0]!, b.fx.down);
    const start = clock.now();
    try {
      // Five days before the train: the policy charges 20 %.
      clock.set(`${'2058-05-04'}T00:00:00Z`);
      const cancelled = await octo('POST', `/bookings/${uuid}/cancel`, freeKey, { reason: 'the group postponed' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const booking = zBooking.parse(cancelled.json());
      expect(booking).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'PARTIAL', reason: 'the group postponed' } });
      const detail = (await b.ctx.app.inject({ method: 'GET', url: `/v1/bookings/${number}`, headers: b.staff })).json();
      expect(detail.status).toBe('CANCELLED');
      expect(detail.main_params.cancellation).toMatchObject({ cancellation_rate_e6: 200_000 });
      expect(detail.main_params.cancellation.total_cancellation_fee).toBe(Math.round(detail.main_params.total_amount * 0.2));
      expect(await held(b.fx.days[0]!, b.fx.down)).toEqual(before.map((h) => h - 8));
    } finally {
      clock.set(start);
    }
  });

  it('shows one agent\'s bookings to its own keys only, a branch key its branch\'s', async () => {
    const mine = (await reserve(8, firstDown, freeKey, { resellerReference: 'R-HEAD' })).json().uuid as string;
    const branchs = (await reserve(8, firstDown, branchKey, { resellerReference: 'R-BRANCH' })).json().uuid as string;
    for (const uuid of [mine, branchs]) {
      const other = await octo('GET', `/bookings/${uuid}`, otherKey);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid });
      expect((await octo('POST', `/bookings/${uuid}/cancel`, otherKey, {})).json().error).toBe('INVALID_BOOKING_UUID');
      expect((await octo('POST', `/bookings/${uuid}/confirm`, otherKey, { contact: { fullName: 'X', emailAddress: 'x@example.com' } })).json().error).toBe('INVALID_BOOKING_UUID');
    }
    expect((await octo('GET', `/bookings/${mine}`, branchKey)).json().error).toBe('INVALID_BOOKING_UUID');
    expect((await octo('GET', `/bookings/${branchs}`, freeKey)).statusCode).toBe(200);

    const everything = '?localDateStart=2058-01-01&localDateEnd=2058-12-31';
    const otherList = await octo('GET', `/bookings${everything}`, otherKey);
    expect(otherList.json()).toEqual([]);
    expect((await octo('GET', '/bookings', freeKey)).json()).toMatchObject({ error: 'BAD_REQUEST' });
    const headList = (await octo('GET', '/bookings?resellerReference=R-BRANCH', freeKey)).json() as { uuid: string }[];
    expect(headList.map((x) => x.uuid)).toEqual([branchs]);
    for (const x of headList) zBooking.parse(x);
    const branchList = (await octo('GET', `/bookings${everything}`, branchKey)).json() as { uuid: string }[];
    expect(branchList.map((x) => x.uuid)).toEqual([branchs]);
    const byDate = (await octo('GET', `/bookings?localDate=${b.fx.days[0]}&resellerReference=R-HEAD`, freeKey)).json() as { uuid: string }[];
    expect(byDate.map((x) => x.uuid)).toEqual([mine]);
    const confirmed = (await octo('GET', '/bookings?resellerReference=R-100', freeKey)).json() as { supplierReference: string }[];
    const bySupplier = (await octo('GET', `/bookings?supplierReference=${confirmed[0]!.supplierReference}`, freeKey)).json() as { resellerReference: string }[];
    expect(bySupplier.map((x) => x.resellerReference)).toEqual(['R-100']);
    await octo('POST', `/bookings/${mine}/cancel`, freeKey, {});
    await octo('POST', `/bookings/${branchs}/cancel`, branchKey, {});
  });
});

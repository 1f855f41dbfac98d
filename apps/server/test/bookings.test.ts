import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { systemClock } from '../src/lib/clock.ts';
import { promoteWaitlist } from '../src/modules/bookings/waitlist-promotion.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { GROUP, WHEELCHAIR, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, CHILD, bookingCalls } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;
let groups: { id: number; agentId: number; isRoot: boolean }[];

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
  groups = await ctx.database.db.select({ id: t.agentGroups.id, agentId: t.agentGroups.agentId, isRoot: t.agentGroups.isRoot }).from(t.agentGroups);
});
afterAll(() => ctx.close());

const { body, post, get, submit, held } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));

describe('submitting and pricing', () => {
  it('prices the group with the free count plan and stores the request', async () => {
    const calc = await post('/v1/bookings/calculate_amount', { group_type: 'NORMAL', participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 20 }, { unit_id: CHILD, quantity: 3 }] }, service_days: [fx.days[0], fx.days[0]] });
    expect(calc.json()).toMatchObject({ participant_quantity: 23, free_quantity: 1, total_amount: 2 * (19 * 800 + 3 * 400) * E6 });

    const id = await submit();
    expect(id).toMatch(/^\d{8}$/);
    const booking = (await get(`/v1/bookings/${id}`)).json();
    expect(booking).toMatchObject({
      status: 'SUBMITTED',
      sub_status: 'INITIAL',
      agent_type: 'FREE',
      group: { name: '桜ヶ丘町内会', country_code: 'JPN' },
      main_params: { total_amount: (19 * 800 + 3 * 400) * E6, participant_group: { participant_quantity: 23 }, revision: 1 },
      flags: { can_reserve_allotments: true, can_confirm_allotments: false, can_refuse: true },
    });
    expect(booking.main_param_histories).toEqual([expect.objectContaining({ type: 'CREATE', revision: 1 })]);
    const [notice] = await ctx.database.db.select().from(t.notifications).where(sql`kind = 'BOOKING_RECEIVED' and booking_id = (select id from bookings where booking_id = ${id})`);
    expect(notice).toMatchObject({ audience: 'ADMIN', category: 'booking' });
  });

  it('answers the agent\'s and branch\'s English names beside the Japanese ones (empty when none)', async () => {
    const id = await submit();
    const booking = (await get(`/v1/bookings/${id}`)).json();
    const [agent] = await ctx.database.db.select().from(t.agents).where(eq(t.agents.id, booking.agent_id));
    const [branch] = await ctx.database.db.select().from(t.agentGroups).where(eq(t.agentGroups.id, booking.agent_sub_group_id));
    expect(booking).toMatchObject({ agent_name: agent!.nameJa, agent_name_en: agent!.nameEn, agent_sub_group_name: branch!.nameJa, agent_sub_group_name_en: branch!.nameEn });
    await ctx.database.db.update(t.agents).set({ nameEn: 'Sakura Tours' }).where(eq(t.agents.id, agent!.id));
    await ctx.database.db.update(t.agentGroups).set({ nameEn: '' }).where(eq(t.agentGroups.id, branch!.id));
    try {
      expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({ agent_name: agent!.nameJa, agent_name_en: 'Sakura Tours', agent_sub_group_name_en: '' });
      const search = (await get(`/v1/bookings/service_orders/search?booking_id=${id}`)).json();
      expect(search.service_orders[0]).toMatchObject({ agent: { name: agent!.nameJa, name_en: 'Sakura Tours' }, agent_sub_group_name: branch!.nameJa, agent_sub_group_name_en: '' });
    } finally {
      await ctx.database.db.update(t.agents).set({ nameEn: agent!.nameEn }).where(eq(t.agents.id, agent!.id));
      await ctx.database.db.update(t.agentGroups).set({ nameEn: branch!.nameEn }).where(eq(t.agentGroups.id, branch!.id));
    }
  });

  it('refuses bad requests naming the field, writing nothing', async () => {
    const before = (await ctx.database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as { rows: { n: number }[] };
    const cases: [Record<string, unknown>, string][] = [
      [{ applicant: { name: '', email: 'a@example.com', phone_number: '1' } }, 'applicant.name'],
      [{ group: { group_type: 'TOUR', name: 'x', country_code: 'JPN' } }, 'group.group_type'],
      [{ group: { group_type: 'NORMAL', name: 'x', country_code: 'Japan' } }, 'group.country_code'],
      [{ service_order: {} }, 'service_order.down_service'],
      [{ service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 3, to_station_id: 1 } } }, 'service_order.down_service.to_station_id'],
      [{ service_order: { down_service: { service_date: fx.disabledDay, service_id: fx.down, from_station_id: 1, to_station_id: 4 } } }, 'service_order.down_service.service_id'],
      [{ service_order: { down_service: { service_date: fx.days[0], service_id: fx.up, from_station_id: 1, to_station_id: 4 } } }, 'service_order.down_service.service_id'],
      [{ participant_group: { unit_quantity_items: [] } }, 'participant_group.unit_quantity_items'],
      [{ participant_group: { unit_quantity_items: [{ unit_id: 11, quantity: 3 }] } }, 'participant_group.unit_quantity_items.0.unit_id'],
      [{ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 1 }], wheel_chairs: [{ need_slope: true }, { need_slope: false }] } }, 'participant_group.wheel_chairs'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post('/v1/bookings', body(overrides));
      expect([400, 404], `${field}: ${res.body}`).toContain(res.statusCode);
      expect(errorOf(res).field ?? errorOf(res).error_description, field).toContain(field);
    }
    const after = (await ctx.database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('is idempotent on external_idempotent_id, also for parallel duplicates', async () => {
    const payload = body({ external_idempotent_id: 'agent-ref-0001' });
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/v1/bookings', payload)));
    const ids = new Set(results.map((r) => r.json().booking_id));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const count = await ctx.database.db.select().from(t.bookings).where(eq(t.bookings.externalIdempotentId, 'agent-ref-0001'));
    expect(count).toHaveLength(1);
    const different = await post('/v1/bookings', body({ external_idempotent_id: 'agent-ref-0001', note: 'changed' }));
    expect(different.statusCode).toBe(422);
    expect(errorOf(different).field).toBe('external_idempotent_id');
  });
});

describe('allotments, confirmation and refusal', () => {
  it('reserves every leg, confirms with the mail, opens the payment by agent type', async () => {
    const id = await submit({ participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 10 }], wheel_chairs: [{ need_slope: true }] } });
    const before = await held(fx.days[0]!, fx.down, 2);
    const reserve = await post(`/v1/bookings/${id}/reserve_allotments`);
    expect(reserve.json()).toEqual({ sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', warning: null });
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(before + 9);
    expect(await held(fx.days[0]!, fx.down, 2, WHEELCHAIR)).toBe(1);
    const again = await post(`/v1/bookings/${id}/reserve_allotments`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error_code).toBe('STEP_NOT_ALLOWED');

    const template = (await get(`/v1/bookings/${id}/mail_templates/booking_ok`)).json();
    expect(template.subject).toContain(id);
    expect(template.to_address).toBe('sakura@example.com');
    const confirm = await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: template.subject, body: template.body } });
    expect(confirm.statusCode).toBe(200);
    const booking = (await get(`/v1/bookings/${id}`)).json();
    expect(booking).toMatchObject({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', main_params: { payment: { status: 'PAYMENT_PENDING', payment_method: 'ONLINE_CREDIT_CARD', due_date: '2058-05-02' } } });
    expect(booking.main_param_histories.map((h: { type: string }) => h.type)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    const [mail] = await ctx.database.db.select().from(t.outboxMails).where(and(eq(t.outboxMails.bookingId, id), eq(t.outboxMails.kind, 'booking.ok')));
    expect(mail).toMatchObject({ toAddress: 'sakura@example.com', subject: template.subject });

    const special = await submit({ agent_id: agents.SPECIAL_CONTRACTED });
    await post(`/v1/bookings/${special}/reserve_allotments`);
    await post(`/v1/bookings/${special}/confirm_booking`, { mail: { subject: 's', body: 'b' } });
    expect((await get(`/v1/bookings/${special}`)).json().main_params.payment).toMatchObject({ status: 'INVOICE_PENDING', payment_method: 'MONTHLY' });
  });

  it('a round trip with one direction full is PENDING; nothing held is NOT_AVAILABLE with a warning', async () => {
    const day = fx.days[1]!;
    // Both requests fit when submitted; then the up train's group seats on leg 2 fill up.
    const id = await submit({
      service_order: {
        down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 },
        up_service: { service_date: day, service_id: fx.up, from_station_id: 4, to_station_id: 1 },
      },
    });
    const oneWay = await submit({ service_order: { up_service: { service_date: day, service_id: fx.up, from_station_id: 3, to_station_id: 1 } } });
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP} and leg = 2`);
    const reserve = (await post(`/v1/bookings/${id}/reserve_allotments`)).json();
    expect(reserve.sub_status).toBe('SAGANO_ALLOTMENT_PENDING');
    expect(reserve.warning).toContain('leg 2');
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b.main_params.service_order.services.map((s: { direction: string; held_group: number }) => [s.direction, s.held_group])).toEqual([['down', 23], ['up', 0]]);
    expect(b.flags.can_confirm_allotments).toBe(false);

    const none = (await post(`/v1/bookings/${oneWay}/reserve_allotments`)).json();
    expect(none.sub_status).toBe('SAGANO_ALLOTMENT_NOT_AVAILABLE');
    expect(none.warning).toMatch(/everything was released/);
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP} and leg = 2`);
  });

  it('refuses as FULL: releases everything, nothing to pay, NG mail, history', async () => {
    const id = await submit();
    await post(`/v1/bookings/${id}/reserve_allotments`);
    const heldBefore = await held(fx.days[0]!, fx.down, 1);
    const template = (await get(`/v1/bookings/${id}/mail_templates/booking_ng?reason=FULL`)).json();
    expect(template.body).toContain('満席のため');
    const refuse = await post(`/v1/bookings/${id}/refuse_booking`, { reason: 'FULL', mail: { subject: template.subject, body: template.body } });
    expect(refuse.statusCode).toBe(200);
    expect(await held(fx.days[0]!, fx.down, 1)).toBe(heldBefore - 23);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ status: 'NOT_RESERVED', sub_status: 'INITIAL', refusal_reason: 'FULL', main_params: { payment: { status: 'NO_NEED_TO_PAY' } } });
    expect(b.flags).toMatchObject({ can_reserve_allotments: false, can_refuse: false, can_cancel: false });
    const bad = await post(`/v1/bookings/${id}/refuse_booking`, { reason: 'FULL', mail: { subject: 's', body: 'b' } });
    expect(bad.statusCode).toBe(409);
    const reasonMissing = await post(`/v1/bookings/${await submit()}/refuse_booking`, { mail: { subject: 's', body: 'b' } });
    expect(errorOf(reasonMissing).field).toBe('reason');
  });
});

describe('waitlist', () => {
  it('a request that does not fit waits as a whole group and is promoted when seats are released', async () => {
    const day = fx.days[1]!;
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 10 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const waiting = await submit({ wait_listing: true, service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 15 }] } });
    expect((await get(`/v1/bookings/${waiting}`)).json().status).toBe('WAITLIST');
    // A booking holding 8 seats is refused: 18 free, enough for the 15 waiting.
    await ctx.database.db.execute(sql`update inventory_counters set held = held - 8 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
    const holder = await submit({ service_order: { down_service: { service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 } }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 8 }] } });
    expect((await post(`/v1/bookings/${holder}/reserve_allotments`)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
    await post(`/v1/bookings/${holder}/refuse_booking`, { reason: 'OTHER', mail: { subject: 's', body: 'b' } });
    // This app runs no queue: the job the refusal sends is run here by hand (waitlist-promotion.test.ts runs it through the queue).
    const run = await promoteWaitlist({ db: ctx.database.db, clock: systemClock }, { trains: [{ service_date: day, service_id: fx.down }], reason: 'REFUSAL' });
    expect(run.promoted).toEqual([waiting]);
    expect((await get(`/v1/bookings/${waiting}`)).json()).toMatchObject({ status: 'WAITLIST', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
    const promoted = await ctx.database.db.execute(sql`select n.audience from notifications n join bookings b on b.id = n.booking_id where b.booking_id = ${waiting} and n.kind = 'WAITLIST_PROMOTED' order by n.audience`);
    expect((promoted as unknown as { rows: unknown[] }).rows).toEqual([{ audience: 'ADMIN' }, { audience: 'AGENT' }]);
    await post(`/v1/bookings/${waiting}/release_allotments`);
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.down} and arrangement_type_id = ${GROUP}`);
  });
});

describe('notes, operator steps and tenants', () => {
  it('keeps private notes from agents and lets staff set priority, operator and stations', async () => {
    const id = await submit();
    await post(`/v1/bookings/${id}/notes`, { note: '社内メモ：バス到着が遅れる可能性', is_private: true });
    await post(`/v1/bookings/${id}/notes`, { note: '添乗員の連絡先を確認しました' });
    const agent = await ctx.login('agent-free@example.com');
    const seenByAgent = (await get(`/v1/bookings/${id}`, agent)).json();
    expect(seenByAgent.notes.map((n: { note: string }) => n.note)).toEqual(['添乗員の連絡先を確認しました']);
    expect(seenByAgent.booking_token).toBeUndefined();
    expect((await post(`/v1/bookings/${id}/notes`, { note: 'x', is_private: true }, agent)).statusCode).toBe(403);
    expect((await post(`/v1/bookings/${id}/notes`, { note: '了解しました' }, agent)).statusCode).toBe(200);

    expect((await post(`/v1/bookings/${id}/select_priority`, { priority: 5 })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/assign_operator`, { operator_name: '佐藤' })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/add_special_note?confirm_note=${encodeURIComponent('駐車場の案内あり')}`)).statusCode).toBe(200);
    await post(`/v1/bookings/${id}/reserve_allotments`);
    const move = await post(`/v1/bookings/${id}/update_from_to_station`, { direction: 'down', from_station_id: 2, to_station_id: 4 });
    expect(move.statusCode).toBe(200);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({ priority: 5, operator_name: '佐藤', main_params: { confirmNote: '駐車場の案内あり', service_order: { services: [{ from_station_id: 2, held_group: 23 }] } } });
    expect(b.main_param_histories.length).toBeGreaterThanOrEqual(6);
    expect((await post(`/v1/bookings/${id}/reserve_allotments`, undefined, agent)).statusCode).toBe(403);
  });

  it('never shows one agent or branch the bookings of another', async () => {
    const id = await submit({ agent_id: agents.CONTRACTED });
    for (const email of ['agent-free@example.com', 'branch-free@example.com', 'agent-special@example.com']) {
      const headers = await ctx.login(email);
      const res = await get(`/v1/bookings/${id}`, headers);
      expect(res.statusCode, email).toBe(404);
      expect((await post(`/v1/bookings/${id}/notes`, { note: 'x' }, headers)).statusCode).toBe(404);
    }
    expect((await get(`/v1/bookings/${id}`, await ctx.login('agent-contracted@example.com'))).statusCode).toBe(200);

    // A branch books for its own branch only; its agent's root group sees it, a sibling would not.
    const branch = await ctx.login('branch-free@example.com');
    const rootGroup = groups.find((g) => g.agentId === agents.FREE && g.isRoot)!.id;
    const wrong = await post('/v1/bookings', body({ agent_sub_group_id: rootGroup }), branch);
    expect(wrong.statusCode).toBe(403);
    const own = await submit({}, branch);
    expect((await get(`/v1/bookings/${own}`, await ctx.login('agent-free@example.com'))).statusCode).toBe(200);
    expect((await post('/v1/bookings', body({ agent_id: agents.CONTRACTED }), branch)).statusCode).toBe(403);
  });
});

describe('lists and notifications', () => {
  it('searches service orders with filters and paging, each caller within its own bookings', async () => {
    const named = await submit({ group: { group_type: 'SCHOOL', name: '試験用 洛北高校 修学旅行', country_code: 'JPN', japan_prefecture_code: 26 }, participant_group: { unit_quantity_items: [{ unit_id: 11, quantity: 30 }] } });
    const all = (await get('/v1/bookings/service_orders/search?per_page=100')).json();
    expect(all.total).toBeGreaterThan(5);
    const byName = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('試験用 洛北')}`)).json();
    expect(byName.service_orders.map((r: { booking_id: string }) => r.booking_id)).toEqual([named]);
    expect(byName.service_orders[0]).toMatchObject({ group_type: 'SCHOOL', participant_quantity: 30, status: 'SUBMITTED', is_round_trip: false, agent: { agent_type: 'FREE' } });
    const school = (await get('/v1/bookings/service_orders/search?group_types=SCHOOL')).json();
    expect(school.service_orders.every((r: { group_type: string }) => r.group_type === 'SCHOOL')).toBe(true);
    const refused = (await get('/v1/bookings/service_orders/search?status=NOT_RESERVED')).json();
    expect(refused.service_orders.every((r: { status: string }) => r.status === 'NOT_RESERVED')).toBe(true);
    expect(refused.total).toBeGreaterThan(0);
    const page2 = (await get('/v1/bookings/service_orders/search?per_page=2&page=2')).json();
    expect(page2.service_orders[0].id).toBe([...new Set(all.service_orders.map((r: { id: number }) => r.id))][2]);
    expect((await get('/v1/bookings/service_orders/search?status=NOPE')).statusCode).toBe(400);

    const contracted = await ctx.login('agent-contracted@example.com');
    const theirs = (await get('/v1/bookings/service_orders/search?per_page=100', contracted)).json();
    expect(theirs.service_orders.every((r: { agent: { agent_type: string } }) => r.agent.agent_type === 'CONTRACTED')).toBe(true);
    const branch = (await get('/v1/bookings/service_orders/search?per_page=100', await ctx.login('branch-free@example.com'))).json();
    expect(new Set(branch.service_orders.map((r: { agent_sub_group_name: string }) => r.agent_sub_group_name))).toEqual(new Set(['大阪支店']));

    const onTrain = (await get(`/v1/bookings/service_orders/by-service/${fx.days[0]}/${fx.down}`)).json();
    expect(onTrain.service_orders.length).toBeGreaterThan(0);
    expect(onTrain.service_orders.every((r: { service_id: number; service_date: string }) => r.service_id === fx.down && r.service_date === fx.days[0])).toBe(true);

    const payments = (await get('/v1/bookings/payments/search?payment_status=NO_NEED_TO_PAY')).json();
    expect(payments.payments.every((p: { payment: { status: string } }) => p.payment.status === 'NO_NEED_TO_PAY')).toBe(true);
  });

  it('lists admin and agent notifications and deletes them within what the caller may reach', async () => {
    const admin = (await get('/v1/notifications/booking?per_page=100')).json();
    expect(admin.notifications.some((n: { kind: string }) => n.kind === 'BOOKING_RECEIVED')).toBe(true);
    const agent = await ctx.login('agent-free@example.com');
    const agentList = (await get('/v1/notifications/booking?per_page=100', agent)).json();
    expect(agentList.notifications.map((n: { kind: string }) => n.kind)).toContain('BOOKING_CONFIRMED');
    expect(agentList.notifications.every((n: { kind: string }) => n.kind !== 'BOOKING_RECEIVED')).toBe(true);
    const other = await ctx.login('agent-contracted@example.com');
    const target = agentList.notifications[0].notification_id;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v1/notifications/${target}`, headers: other })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v1/notifications/${target}`, headers: agent })).statusCode).toBe(200);
    const after = (await get('/v1/notifications/booking?per_page=100', agent)).json();
    expect(after.total).toBe(agentList.total - 1);
    expect((await get('/v1/notifications/payment', staff)).json().notifications.some((n: { kind: string }) => n.kind === 'PAYMENT_REQUEST')).toBe(true);
  });
});

describe('seat inquiry sees the requests', () => {
  it('counts requested seats and marks waitlisted and insufficient trains', async () => {
    const day = fx.specialDay; // no other test books this day
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity - 12 where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP}`);
    await submit({ service_order: { up_service: { service_date: day, service_id: fx.up, from_station_id: 4, to_station_id: 2 } }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 10 }] } });
    await submit({ wait_listing: true, service_order: { up_service: { service_date: day, service_id: fx.up, from_station_id: 4, to_station_id: 1 } }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 20 }] } });
    const res = (await get(`/v1/allotments/${day}?from_station_id=4&to_station_id=1`)).json();
    const train = res.services.find((s: { service_id: number }) => s.service_id === fx.up);
    expect(train).toMatchObject({ vacant_seats: 12, requested_seats: 30, allotment_level: 'FEW' });
    expect(train.tags).toEqual(['HAS_BOOKING', 'GROUP_ARRANGEMENT_INSUFFICIENT', 'HAS_WAITLISTING_BOOKING']);
    // Arashiyama→Saga (leg 1) is not on the 4→2 request's legs: only the waitlisted one asks there.
    const leg1 = (await get(`/v1/allotments/${day}?from_station_id=2&to_station_id=1`)).json().services.find((s: { service_id: number }) => s.service_id === fx.up);
    expect(leg1.requested_seats).toBe(20);
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP}`);
  });
});

describe('finding a booking by its number', () => {
  it('matches a whole number exactly and a part of one as a prefix', async () => {
    const id = await submit();
    const whole = (await get(`/v1/bookings/service_orders/search?booking_id=${id}`)).json();
    expect(whole.service_orders.map((r: { booking_id: string }) => r.booking_id)).toEqual([id]);
    const part = (await get(`/v1/bookings/service_orders/search?booking_id=${id.slice(0, 5)}&per_page=100`)).json();
    expect(part.service_orders.some((r: { booking_id: string }) => r.booking_id === id)).toBe(true);
    expect(part.service_orders.every((r: { booking_id: string }) => r.booking_id.startsWith(id.slice(0, 5)))).toBe(true);
  });
});

describe('sorting the booking list', () => {
  type Row = { id: number; booking_id: string; service_date: string; direction: string; status: string; group_name: string };
  const search = async (query: string) => {
    const res = await get(`/v1/bookings/service_orders/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; service_orders: Row[] };
  };
  /** The bookings in row order; fails when one booking's rows are not next to each other. */
  const bookingsOf = (rows: Row[]) => {
    const order: string[] = [];
    for (const r of rows) {
      if (order.at(-1) === r.booking_id) continue;
      expect(order, `${r.booking_id} split`).not.toContain(r.booking_id);
      order.push(r.booking_id);
    }
    return order;
  };
  const STATUS_ORDER: readonly string[] = ['SUBMITTED', 'MODIFICATION_SUBMITTED', 'CANCELLATION_SUBMITTED', 'RESERVED', 'NOT_RESERVED', 'MODIFIED', 'NOT_MODIFIED', 'CANCELLATION_PENDING', 'CANCELLED', 'WAITLIST'];

  it('sorts by the sort parameter on the server, pages by booking and keeps a round trip on one page', async () => {
    const group = (name: string) => ({ group: { group_type: 'NORMAL', name: `並び順試験 ${name}`, country_code: 'JPN', japan_prefecture_code: 26 }, wait_listing: true });
    const down = (day: string) => ({ service_date: day, service_id: fx.down, from_station_id: 1, to_station_id: 4 });
    const late = await submit({ ...group('う'), service_order: { down_service: down(fx.days[1]!) } });
    const round = await submit({ ...group('あ'), service_order: { down_service: down(fx.days[0]!), up_service: { service_date: fx.days[1], service_id: fx.up, from_station_id: 4, to_station_id: 1 } } });
    const early = await submit({ ...group('い'), service_order: { down_service: down(fx.days[0]!) } });
    const byNumber = (a: string, b: string) => a.localeCompare(b);
    const firstDay = [round, early].sort(byNumber); // both first ride on days[0]: by booking number
    const q = `group_name=${encodeURIComponent('並び順試験')}`;

    const ascending = await search(`${q}&sort=service_date&order=asc`);
    expect(ascending.total).toBe(3); // bookings, not trains
    expect(bookingsOf(ascending.service_orders)).toEqual([...firstDay, late]);
    // The round trip is one booking with both trains, outbound first.
    expect(ascending.service_orders.filter((r) => r.booking_id === round).map((r) => [r.direction, r.service_date])).toEqual([['down', fx.days[0]], ['up', fx.days[1]]]);
    expect(bookingsOf((await search(`${q}&sort=service_date&order=desc`)).service_orders)).toEqual([late, ...[...firstDay].reverse()]);
    expect(bookingsOf((await search(`${q}&sort=group_name`)).service_orders)).toEqual([round, early, late]);
    expect(bookingsOf((await search(`${q}&sort=group_name&order=desc`)).service_orders)).toEqual([late, early, round]);
    expect(bookingsOf((await search(`${q}&sort=booking_id&order=desc`)).service_orders)).toEqual([late, round, early].sort(byNumber).reverse());
    // No sort: newest submission first, as before the parameter existed.
    expect(bookingsOf((await search(q)).service_orders)).toEqual([early, round, late]);
    expect((await post(`/v1/bookings/${late}/reserve`)).statusCode).toBe(200);
    const byStatus = (await search(`${q}&sort=status`)).service_orders;
    const statuses = bookingsOf(byStatus).map((id) => byStatus.find((r) => r.booking_id === id)!.status);
    expect(statuses).toContain('RESERVED');
    expect(statuses.map((st) => STATUS_ORDER.indexOf(st))).toEqual(statuses.map((st) => STATUS_ORDER.indexOf(st)).sort((a, b) => a - b));

    // Paging by booking: one booking a page, the round trip whole on its page, the total by booking.
    const pages = await Promise.all([1, 2, 3].map((page) => search(`${q}&sort=service_date&per_page=1&page=${page}`)));
    expect(pages.map((p) => bookingsOf(p.service_orders))).toEqual([[firstDay[0]], [firstDay[1]], [late]]);
    expect(pages.map((p) => p.total)).toEqual([3, 3, 3]);
    expect(pages.find((p) => p.service_orders[0]!.booking_id === round)!.service_orders).toHaveLength(2);

    // Without a narrowing filter the page is read in order from the indexes: still sorted, still whole bookings.
    const wide = await search(`agent_id=${agents.FREE}&sort=service_date&per_page=100`);
    const firsts = bookingsOf(wide.service_orders).map((id) => wide.service_orders.find((r) => r.booking_id === id)!);
    expect(firsts.length).toBeGreaterThan(3);
    for (let i = 1; i < firsts.length; i++) {
      const [a, b] = [firsts[i - 1]!, firsts[i]!];
      expect(a.service_date < b.service_date || (a.service_date === b.service_date && a.booking_id < b.booking_id), `${a.booking_id} before ${b.booking_id}`).toBe(true);
    }
    expect(wide.total).toBe(firsts.length);
    const wideStatus = await search(`agent_id=${agents.FREE}&sort=status&order=desc&per_page=100`);
    const ranks = bookingsOf(wideStatus.service_orders).map((id) => STATUS_ORDER.indexOf(wideStatus.service_orders.find((r) => r.booking_id === id)!.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(new Set(ranks).size).toBeGreaterThan(1);

    for (const bad of ['sort=price', 'sort=service_date&order=up']) {
      const res = await get(`/v1/bookings/service_orders/search?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).field, bad).toBe(bad.includes('order') ? 'order' : 'sort');
    }
  });
});

describe('totals of long lists', () => {
  it('counts exactly up to 10,000 rows and says so when more match', async () => {
    const small = (await get('/v1/bookings/service_orders/search?per_page=100')).json();
    expect(small.total_capped).toBe(false);
    const second = (await get('/v1/bookings/service_orders/search?per_page=100&page=2')).json();
    // The total counts bookings (a round trip is two rows of one booking).
    const bookingsIn = (list: { service_orders: { id: number }[] }) => new Set(list.service_orders.map((r) => r.id)).size;
    expect(small.total).toBe(bookingsIn(small) + bookingsIn(second));
    // 10,050 more bookings straight into the tables (the booking path is tested above), numbered with
    // nine digits so they never meet the eight-digit random numbers of the bookings made above.
    await ctx.database.db.execute(sql`
      with b as (
        insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant, participant_quantity)
        select (900000000 + g)::text, md5(g::text), ${agents.FREE}, (select id from agent_groups where agent_id = ${agents.FREE} and is_root), 'SUBMITTED', 'INITIAL',
               'NORMAL', '大量団体 ' || g, jsonb_build_object('group_type', 'NORMAL', 'name', '大量団体 ' || g, 'country_code', 'JPN'),
               jsonb_build_object('name', '大量 太郎', 'email', 'bulk@example.com', 'phone_number', '0'), 10
        from generate_series(1, 10050) g
        returning id
      )
      insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
      select id, 'down', ${fx.days[0]}::date, ${fx.down}, 1, 4 from b`);
    const big = (await get('/v1/bookings/service_orders/search?per_page=20&page=3')).json();
    expect(big).toMatchObject({ total: 10_000, total_capped: true, page: 3, per_page: 20 });
    expect(big.service_orders).toHaveLength(20);
    const payments = (await get('/v1/bookings/payments/search?per_page=20')).json();
    expect(payments).toMatchObject({ total: 10_000, total_capped: true });
    // A narrower filter is counted exactly again.
    const narrow = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('大量団体 1000')}`)).json();
    expect(narrow).toMatchObject({ total: 11, total_capped: false }); // 大量団体 1000 and 10000–10009
    // Such a filter reads its matches once: the page is sorted from them, newest first.
    const names = (query: string) => get(`/v1/bookings/service_orders/search?${query}`).then((r) => r.json().service_orders.map((o: { group_name: string }) => o.group_name));
    expect(await names(`group_name=${encodeURIComponent('大量団体 1000')}&per_page=3&page=2`)).toEqual(['大量団体 10006', '大量団体 10005', '大量団体 10004']);
    const pastTheEnd = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('大量団体 1000')}&page=2`)).json();
    expect(pastTheEnd).toMatchObject({ total: 11, total_capped: false, service_orders: [] });
    // No match at all, with a service period beside the name: an empty first page, a total of none.
    const none = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('大量団体 1000')}&service_date_from=${fx.days[1]}&service_date_to=${fx.days[1]}&sort=service_date`)).json();
    expect(none).toMatchObject({ total: 0, total_capped: false, service_orders: [] });
    const inPeriod = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('大量団体 1000')}&service_date_from=${fx.days[0]}&service_date_to=${fx.days[0]}&sort=service_date`)).json();
    expect(inPeriod).toMatchObject({ total: 11, total_capped: false });
    // More matches than the cap: the page is read in order instead, still newest first.
    const broad = (await get(`/v1/bookings/service_orders/search?group_name=${encodeURIComponent('大量団体')}&per_page=2&page=2`)).json();
    expect(broad).toMatchObject({ total: 10_000, total_capped: true });
    expect(broad.service_orders.map((o: { group_name: string }) => o.group_name)).toEqual(['大量団体 10048', '大量団体 10047']);
  });
});

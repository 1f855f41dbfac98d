/**
 * Agents get what the API says they may (DESIGN §10 "Seats, seat tables, vouchers and documents",
 * ADR 029): the voucher once confirmed (can_show_voucher), the seat table once sent
 * (can_show_seat_table), for their own agent's or branch's bookings only; station staff the
 * seat table once seats are given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { pdfText } from './support/pdf-reading.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
type Headers = { authorization: string };
let staff: Headers;
let station: Headers;
let agentAdmin: Headers;
let branch: Headers;
let otherAgent: Headers;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp());
  station = await ctx.login('station@example.com');
  agentAdmin = await ctx.login('agent-free@example.com');
  branch = await ctx.login('branch-free@example.com');
  otherAgent = await ctx.login('agent-contracted@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, headers: Headers, payload?: object) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const mail = { mail: { subject: 's', body: 'b' } };

/** A booking the agent user submits itself (so it belongs to that user's agent and group), confirmed by staff. */
async function agentBooking(headers: Headers, adults: number, groupName: string): Promise<string> {
  const me = (await get('/v1/auth/me', headers)).json();
  const res = await post('/v1/bookings', headers, {
    agent_id: me.user.agent_id,
    applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    group: { group_type: 'NORMAL', name: groupName, country_code: 'JPN' },
    service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: adults }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().booking_id as string;
  expect((await post(`/v1/bookings/${id}/reserve_allotments`, staff)).json().sub_status).toBe('SAGANO_ALLOTMENT_CONFIRMED');
  expect((await post(`/v1/bookings/${id}/confirm_booking`, staff, mail)).statusCode).toBe(200);
  return id;
}

const flagsOf = async (id: string, headers: Headers) => (await get(`/v1/bookings/${id}`, headers)).json().flags as Record<string, boolean>;

describe('the voucher and seat table for the agent, the branch and station staff', () => {
  let head: string;
  let ofBranch: string;

  it('nothing before seats are given: the flags say no and the PDFs answer 409, not 403', async () => {
    head = await agentBooking(agentAdmin, 4, '本社の団体');
    expect(await flagsOf(head, agentAdmin)).toMatchObject({ can_show_voucher: false, can_show_seat_table: false });
    for (const doc of ['voucher.pdf', 'seat_table.pdf']) {
      const res = await get(`/v1/bookings/${head}/${doc}`, agentAdmin);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res).error_code).toBe('STEP_NOT_ALLOWED');
    }
    expect((await get(`/v1/bookings/${head}/seat_table.pdf`, station)).statusCode).toBe(409);
    // The back office previews both at any time.
    expect((await get(`/v1/bookings/${head}/voucher.pdf`, staff)).statusCode).toBe(200);
  });

  it('station staff get the seat table once seats are given; the agent once it is sent', async () => {
    expect((await post(`/v1/bookings/${head}/assign_seats`, staff, {})).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${head}/assign_seats_ok`, staff)).statusCode).toBe(200);
    expect(await flagsOf(head, station)).toMatchObject({ can_show_seat_table: true, can_show_voucher: false });
    const forStation = await get(`/v1/bookings/${head}/seat_table.pdf`, station);
    expect(forStation.statusCode).toBe(200);
    expect(forStation.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(forStation.rawPayload)).toContain(head);
    expect(await flagsOf(head, agentAdmin)).toMatchObject({ can_show_seat_table: false });
    expect((await get(`/v1/bookings/${head}/seat_table.pdf`, agentAdmin)).statusCode).toBe(409);
    // Seats only held may still move: the agent sees them once the seat table is sent.
    expect((await get(`/v1/bookings/${head}/seats`, agentAdmin)).statusCode).toBe(409);
    expect((await get(`/v1/bookings/${head}/seats`, station)).statusCode).toBe(200);

    expect((await post(`/v1/bookings/${head}/send_seat_table`, staff, mail)).statusCode).toBe(200);
    expect(await flagsOf(head, agentAdmin)).toMatchObject({ can_show_seat_table: true, can_show_voucher: false });
    const sheet = await get(`/v1/bookings/${head}/seat_table.pdf`, agentAdmin);
    expect(sheet.statusCode).toBe(200);
    expect(await pdfText(sheet.rawPayload)).toContain('本社の団体');
  });

  it('the agent downloads the voucher once it is confirmed (can_show_voucher)', async () => {
    expect((await post(`/v1/bookings/${head}/confirm_voucher`, staff, { note: '発車20分前に集合' })).statusCode).toBe(200);
    expect(await flagsOf(head, agentAdmin)).toMatchObject({ can_show_voucher: true });
    const voucher = await get(`/v1/bookings/${head}/voucher.pdf`, agentAdmin);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(voucher.rawPayload);
    expect(text).toContain(head);
    expect(text).toContain('発車20分前に集合');
    expect((await get(`/v1/bookings/${head}/voucher.pdf`, station)).statusCode).toBe(200);
  });

  it("another agent gets 404 for both; a branch gets its own branch's, not the head office's", async () => {
    for (const doc of ['voucher.pdf', 'seat_table.pdf']) {
      expect((await get(`/v1/bookings/${head}/${doc}`, otherAgent)).statusCode).toBe(404);
      expect((await get(`/v1/bookings/${head}/${doc}`, branch)).statusCode).toBe(404);
    }
    ofBranch = await agentBooking(branch, 3, '大阪支店の団体');
    const [row] = await ctx.database.db.select({ group: t.bookings.agentSubGroupId }).from(t.bookings).where(eq(t.bookings.bookingId, ofBranch));
    expect(row!.group).not.toBeNull();
    expect((await post(`/v1/bookings/${ofBranch}/assign_seats`, staff, {})).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${ofBranch}/assign_seats_ok`, staff)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${ofBranch}/send_seat_table`, staff, mail)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${ofBranch}/confirm_voucher`, staff, { note: '' })).statusCode).toBe(200);
    for (const doc of ['voucher.pdf', 'seat_table.pdf']) {
      expect((await get(`/v1/bookings/${ofBranch}/${doc}`, branch)).statusCode).toBe(200);
      // The head office sees every branch of its agent.
      expect((await get(`/v1/bookings/${ofBranch}/${doc}`, agentAdmin)).statusCode).toBe(200);
      expect((await get(`/v1/bookings/${ofBranch}/${doc}`, otherAgent)).statusCode).toBe(404);
    }
  });

  it('the agent reads the seats the group got, other holders without their booking numbers', async () => {
    const seats = await get(`/v1/bookings/${head}/seats`, agentAdmin);
    expect(seats.statusCode).toBe(200);
    expect(seats.json().directions[0].assigned_seat_ids).toHaveLength(4);
    const holders = (seats.json().directions[0].cars as { seats: { taken_by: string | null }[] }[]).flatMap((c) => c.seats.map((x) => x.taken_by)).filter((x) => x !== null);
    expect(holders.length).toBeGreaterThan(0); // the branch's group on the same train
    expect(holders.every((x) => x === '')).toBe(true);
    expect(seats.body).not.toContain(ofBranch);
    expect((await get(`/v1/bookings/${head}/seats`, otherAgent)).statusCode).toBe(404);
  });

  it('a cancelled booking shows no documents to the agent any more', async () => {
    expect((await post(`/v1/bookings/${ofBranch}/cancel`, staff, { agree_cancellation_policy: true })).statusCode).toBe(200);
    const status = (await get(`/v1/bookings/${ofBranch}`, branch)).json().status as string;
    if (status === 'CANCELLED') {
      expect(await flagsOf(ofBranch, branch)).toMatchObject({ can_show_voucher: false, can_show_seat_table: false });
      expect((await get(`/v1/bookings/${ofBranch}/voucher.pdf`, branch)).statusCode).toBe(409);
    } else {
      expect(status).toBe('CANCELLATION_PENDING');
      expect((await post(`/v1/bookings/${ofBranch}/confirm_cancellation`, branch)).statusCode).toBe(200);
      expect(await flagsOf(ofBranch, branch)).toMatchObject({ can_show_voucher: false, can_show_seat_table: false });
      expect((await get(`/v1/bookings/${ofBranch}/seat_table.pdf`, branch)).statusCode).toBe(409);
    }
  });
});

describe('demo data', () => {
  it("each demo booking's applicant belongs to the booking's own agent and branch", async () => {
    const list = await ctx.database.db
      .select({ applicant: t.bookings.applicant, agent: t.agents.nameJa, isRoot: t.agentGroups.isRoot })
      .from(t.bookings)
      .innerJoin(t.agents, eq(t.agents.id, t.bookings.agentId))
      .innerJoin(t.agentGroups, eq(t.agentGroups.id, t.bookings.agentSubGroupId))
      .where(sql`${t.bookings.groupName} not in ('本社の団体', '大阪支店の団体')`);
    expect(list.length).toBeGreaterThan(20);
    const domain: Record<string, string> = { 京都さくら旅行: 'sakura-travel', 嵐山ツーリスト株式会社: 'arashiyama-tourist', 洛西観光サービス: 'rakusai-travel' };
    const branchMailbox: Record<string, string> = { 京都さくら旅行: 'osaka@', 嵐山ツーリスト株式会社: 'tokyo@', 洛西観光サービス: 'nagoya@' };
    for (const b of list) {
      const email = (b.applicant as { email: string }).email;
      expect(email, `${b.agent}`).toContain(`@${domain[b.agent]}.example.com`);
      expect(email.startsWith(branchMailbox[b.agent]!), `${b.agent} ${b.isRoot ? 'head office' : 'branch'}: ${email}`).toBe(!b.isRoot);
    }
    expect(list.some((b) => !b.isRoot)).toBe(true);
  });
});

/**
 * About 60 group bookings over the next 28 days the line runs from the three demo agents and their
 * branches, in every early state (submitted, waitlisted, allotments held, confirmed, refused,
 * seated, seat table sent with the voucher confirmed) and every payment state (demo-payments.ts),
 * made through the booking service itself so prices, holds, histories and mails are real.
 */
import type { CreateBookingBody } from '@sagano/domain/bookings/booking-schemas';
import { addDays } from '@sagano/domain/common/business-date';
import type { Db, Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { findAccountByEmail, sessionUserOf, type Principal } from '../../modules/auth/index.ts';
import { createBookingsService } from '../../modules/bookings/index.ts';
import { servicesOnDay } from '../../modules/inventory/index.ts';
import { createSeatsService } from '../../modules/seats/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock } from '../../lib/clock.ts';
import { settleDemoPayments } from './demo-payments.ts';

const GROUPS: { name: string; kana: string; type: 'NORMAL' | 'SCHOOL'; country: string; prefecture: number | null }[] = [
  { name: '桜ヶ丘町内会 秋の日帰り旅行', kana: 'サクラガオカチョウナイカイ', type: 'NORMAL', country: 'JPN', prefecture: 27 },
  { name: '洛北中学校 修学旅行', kana: 'ラクホクチュウガッコウ', type: 'SCHOOL', country: 'JPN', prefecture: 13 },
  { name: '東海シニアクラブ', kana: 'トウカイシニアクラブ', type: 'NORMAL', country: 'JPN', prefecture: 23 },
  { name: '台湾 楓葉ツアー', kana: 'タイワン モミジツアー', type: 'NORMAL', country: 'TWN', prefecture: 99 },
  { name: '青葉小学校 6年生', kana: 'アオバショウガッコウ', type: 'SCHOOL', country: 'JPN', prefecture: 4 },
  { name: '関西電機 OB会', kana: 'カンサイデンキオービーカイ', type: 'NORMAL', country: 'JPN', prefecture: 28 },
  { name: 'Seoul Autumn Walkers', kana: 'ソウル オータム ウォーカーズ', type: 'NORMAL', country: 'KOR', prefecture: 99 },
  { name: '福岡県立西高校 2年', kana: 'フクオカケンリツニシコウコウ', type: 'SCHOOL', country: 'JPN', prefecture: 40 },
  { name: '嵯峨野写真愛好会', kana: 'サガノシャシンアイコウカイ', type: 'NORMAL', country: 'JPN', prefecture: 26 },
  { name: 'Sydney Garden Society', kana: 'シドニー ガーデン ソサエティ', type: 'NORMAL', country: 'AUS', prefecture: 99 },
];

type Applicant = CreateBookingBody['applicant'];

/**
 * Who applies for a group: a person of the booking's own agent, at its head office or at its
 * branch (the agent's mails go to them), by the demo agents' Japanese names.
 */
export const APPLICANTS: Record<string, { head: Applicant; branch: Applicant }> = {
  京都さくら旅行: {
    head: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    branch: { name: '小林 大輔', email: 'osaka@sakura-travel.example.com', phone_number: '06-6100-4004' },
  },
  嵐山ツーリスト株式会社: {
    head: { name: '伊藤 誠', email: 'groups@arashiyama-tourist.example.com', phone_number: '075-861-2002' },
    branch: { name: '松本 彩', email: 'tokyo@arashiyama-tourist.example.com', phone_number: '03-5200-2002' },
  },
  洛西観光サービス: {
    head: { name: '渡辺 恵', email: 'rakusai@rakusai-travel.example.com', phone_number: '075-300-3003' },
    branch: { name: '加藤 浩二', email: 'nagoya@rakusai-travel.example.com', phone_number: '052-300-3003' },
  },
};

/** A request the train has no room for is refused (only a waitlist request may ask for more): the demo skips it. */
async function submitIfRoom<T>(submit: () => Promise<T>): Promise<T | null> {
  try {
    return await submit();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_ENOUGH_SEATS') return null;
    throw error;
  }
}

function generator(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

export async function insertDemoBookings(db: Db, tx: Tx, clock = systemClock): Promise<number> {
  const admin = await findAccountByEmail(tx, 'admin@example.com');
  if (!admin) return 0;
  const principal: Principal = { accountId: admin.id, sessionId: 'demo-data', csrfToken: '', viaCookie: false, expiresAt: new Date(), user: sessionUserOf(admin) };
  const work: Work = { db, tx, afterCommit: () => undefined, enqueue: () => undefined };
  const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
  const bookings = createBookingsService({ db, publicUrl, clock });
  const agents = await tx.select().from(t.agents);
  const groups = await tx.select().from(t.agentGroups);
  const units = await tx.select().from(t.units);
  const unitId = (segment: string, annotation: string, fare: string) => units.find((u) => u.segment === segment && u.annotation === annotation && u.fareType === fare)!.id;
  const next = generator(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

  // The next 28 days the line runs, from tomorrow, with their trains: four weeks in season; past
  // the winter pause (30 December to the end of February) when the demo starts in it.
  const days: { date: string; down: number[]; up: number[] }[] = [];
  const today = clock.today();
  for (let i = 1; i <= 150 && days.length < 28; i++) {
    const date = addDays(today, i);
    const services = (await servicesOnDay(tx, date)).filter((s) => s.arrangementPatternId !== null && s.status !== 'suspended' && s.status !== 'pending');
    if (services.length > 0) days.push({ date, down: services.filter((s) => s.direction === 'down').map((s) => s.serviceId), up: services.filter((s) => s.direction === 'up').map((s) => s.serviceId) });
  }
  if (days.length === 0) return 0;

  let made = 0;
  const confirmed: string[] = [];
  const plan = ['RESERVED', 'RESERVED', 'RESERVED', 'HELD', 'HELD', 'SUBMITTED', 'SUBMITTED', 'REFUSED', 'RESERVED', 'SUBMITTED'] as const;
  for (let i = 0; i < 56; i++) {
    const day = days[i % days.length]!;
    const agent = agents[i % agents.length]!;
    const agentGroups = groups.filter((g) => g.agentId === agent.id);
    const subGroup = next() < 0.3 ? agentGroups.find((g) => !g.isRoot) : agentGroups.find((g) => g.isRoot);
    const applicants = APPLICANTS[agent.nameJa];
    if (!applicants) continue;
    const group = pick(GROUPS);
    const segment = group.type;
    const adults = 8 + Math.floor(next() * 40);
    const children = segment === 'SCHOOL' ? 0 : Math.floor(next() * 6);
    const round = next() < 0.35 && day.up.length > 0;
    const down = pick(day.down);
    const fromTo: [number, number] = next() < 0.7 ? [1, 4] : pick([[1, 2], [2, 4], [1, 3]] as [number, number][]);
    void next(); // the draw that once picked the applicant: the rest of the demo stays as it was
    const body: CreateBookingBody = {
      applicant: subGroup && !subGroup.isRoot ? applicants.branch : applicants.head,
      tour_conductor: next() < 0.85 ? { name: pick(['山本 和也', '佐々木 由美', '井上 翔', '木下 真理']), phone_number: '090-1234-5678' } : null,
      group: { group_type: segment, name: group.name, name_kana: group.kana, country_code: group.country, japan_prefecture_code: group.prefecture },
      service_order: {
        down_service: { service_date: day.date, service_id: down, from_station_id: fromTo[0], to_station_id: fromTo[1] },
        ...(round ? { up_service: { service_date: day.date, service_id: pick(day.up), from_station_id: 4, to_station_id: 1 } } : {}),
      },
      participant_group: {
        unit_quantity_items: [
          { unit_id: unitId(segment, 'NORMAL', 'ADULT'), quantity: adults },
          ...(children > 0 ? [{ unit_id: unitId(segment, 'NORMAL', 'CHILD'), quantity: children }] : []),
          ...(next() < 0.2 ? [{ unit_id: unitId(segment, 'SUPPORTER', 'ADULT'), quantity: 1 }] : []),
        ],
        wheel_chairs: next() < 0.15 ? [{ need_slope: next() < 0.5 }] : [],
      },
      note: next() < 0.3 ? pick(['バス2台で到着予定です。', '昼食後の乗車となります。', '添乗員が駅で人数を確認します。']) : '',
      agent_id: agent.id,
      agent_sub_group_id: subGroup?.id,
      wait_listing: false,
    };
    const submitted = await submitIfRoom(() => bookings.submit(work, principal, body));
    if (!submitted) continue;
    const { booking_id } = submitted;
    made++;
    const target = plan[i % plan.length]!;
    if (target === 'SUBMITTED') continue;
    const reserved = await bookings.reserveAllotments(work, principal, booking_id);
    if (target === 'REFUSED' || reserved.sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') {
      const mail = await bookings.template(tx, principal, booking_id, 'booking_ng', 'FULL');
      await bookings.refuse(work, principal, booking_id, 'FULL', mail);
      continue;
    }
    if (target === 'HELD') continue;
    const mail = await bookings.template(tx, principal, booking_id, 'booking_ok');
    await bookings.confirm(work, principal, booking_id, mail);
    confirmed.push(booking_id);
  }

  await settleDemoPayments(db, work, principal, confirmed, clock, publicUrl);

  // Half the confirmed groups have their seats; some have had the seat table sent and the voucher confirmed.
  const seats = createSeatsService({ db, publicUrl, clock });
  for (const [k, bookingId] of confirmed.entries()) {
    if (k % 2 !== 0) continue;
    try {
      await seats.assign(work, principal, bookingId, {});
      await seats.assignOk(work, principal, bookingId);
      if (k % 6 === 0) {
        await seats.sendSeatTable(work, principal, bookingId, await bookings.template(tx, principal, bookingId, 'seat_table'));
        await seats.confirmVoucher(work, principal, bookingId, '発車の20分前までに改札前へお集まりください。');
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // a train without room for the group together stays unseated
    }
  }
  // The seat tables mailed as their delivery job would (the seeding runs no queue).
  await seats.deliverDocumentsNow(work);

  // One busy train: a large school trip takes most of it, then two groups wait for seats.
  const busy = days[Math.min(3, days.length - 1)]!;
  const busyService = busy.down[0]!;
  const busyAgent = agents[2 % agents.length]!;
  const busyApplicant = APPLICANTS[busyAgent.nameJa]?.head;
  if (!busyApplicant) return made;
  const request = (name: string, segment: 'NORMAL' | 'SCHOOL', quantity: number, waitListing: boolean): CreateBookingBody => ({
    applicant: busyApplicant,
    tour_conductor: { name: '山本 和也', phone_number: '090-1234-5678' },
    group: { group_type: segment, name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: busy.date, service_id: busyService, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: unitId(segment, 'NORMAL', 'ADULT'), quantity }], wheel_chairs: [] },
    note: '',
    agent_id: busyAgent.id,
    wait_listing: waitListing,
  });
  const large = await submitIfRoom(() => bookings.submit(work, principal, request('京都府立北高校 修学旅行（全学年）', 'SCHOOL', 160, false)));
  const held = large && (await bookings.reserveAllotments(work, principal, large.booking_id));
  if (large && held?.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED') {
    await bookings.confirm(work, principal, large.booking_id, await bookings.template(tx, principal, large.booking_id, 'booking_ok'));
  }
  if (large) made++;
  for (const [name, quantity] of [['嵐山ハイキングの会', 40], ['京都観光ボランティア協会', 45]] as const) {
    await bookings.submit(work, principal, request(name, 'NORMAL', quantity, true));
    made++;
  }
  return made;
}

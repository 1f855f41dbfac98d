/**
 * The demo's settlements (DESIGN §6 "Settlements"): every demo agent has one booking that travelled
 * in each of the two months before this one (made as the demo bookings are, with the clock set
 * back); the card agent's fares were captured by card and the coupon agent's coupons reported, as
 * their own payments would have been; every agent is billed for both months, the monthly agent's
 * month before last is paid and last month's invoice awaits payment. Bills through the settlements
 * module, as the job would.
 */
import { addDays, lastDayOfMonth, monthOf } from '@sagano/domain/common/business-date';
import { addMonths } from '@sagano/domain/settlements/billing-period';
import type { Db, Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { fixedClock, systemClock, type Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAccountByEmail, sessionUserOf, type Principal } from '../../modules/auth/index.ts';
import { createBookingsService } from '../../modules/bookings/index.ts';
import type { FileStorage } from '../../modules/files/index.ts';
import { APPLICANTS } from './demo-bookings.ts';
import { settleDemoPayments } from './demo-payments.ts';
import { servicesOnDay } from '../../modules/inventory/index.ts';
import { createSettlementsService } from '../../modules/settlements/index.ts';

/** The demo has no logo or stamp uploaded: its invoices read no files. */
const NO_FILES: FileStorage = {
  put: async () => {
    throw new Error('the demo seeding stores no files');
  },
  get: async () => null,
  delete: async () => {
    throw new Error('the demo seeding deletes no files');
  },
};

async function firstDownTrainFrom(tx: Tx, from: string): Promise<{ date: string; serviceId: number } | undefined> {
  for (let i = 0; i < 14; i++) {
    const date = addDays(from, i);
    const down = (await servicesOnDay(tx, date)).filter((s) => s.direction === 'down' && s.arrangementPatternId !== null && s.status !== 'suspended' && s.status !== 'pending');
    if (down[0]) return { date, serviceId: down[0].serviceId };
  }
  return undefined;
}

export async function insertDemoSettlements(db: Db, tx: Tx, clock: Clock = systemClock): Promise<void> {
  const admin = await findAccountByEmail(tx, 'admin@example.com');
  if (!admin) return;
  const principal: Principal = { accountId: admin.id, sessionId: 'demo-data', csrfToken: '', viaCookie: false, expiresAt: new Date(), user: sessionUserOf(admin) };
  const work: Work = { db, tx, afterCommit: () => undefined, enqueue: () => undefined };
  const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
  const thisMonth = monthOf(clock.today());
  const months = [addMonths(thisMonth, -2), addMonths(thisMonth, -1)];
  const agents = await tx.select().from(t.agents);
  const units = await tx.select().from(t.units);
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fareType === 'ADULT');
  if (!adult) return;

  // Bookings made at the start of each month, travelling mid-month.
  for (const [k, month] of months.entries()) {
    const bookings = createBookingsService({ db, publicUrl, clock: fixedClock(`${month}-01T10:00:00+09:00`) });
    const confirmed: string[] = [];
    // One booking per agent and month keeps the demo's lists one page long.
    for (const [n, agent] of agents.entries()) {
      const train = await firstDownTrainFrom(tx, `${month}-${String(10 + n).padStart(2, '0')}`);
      const applicant = APPLICANTS[agent.nameJa]?.head;
      if (!train || !applicant) continue;
      try {
        const { booking_id } = await bookings.submit(work, principal, {
          applicant,
          tour_conductor: null,
          group: { group_type: 'NORMAL', name: ['嵯峨野歴史の会', '京都紅葉めぐりツアー'][k]!, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
          service_order: { down_service: { service_date: train.date, service_id: train.serviceId, from_station_id: 1, to_station_id: 4 } },
          participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 20 + 5 * n + 10 * k }], wheel_chairs: [] },
          note: '',
          agent_id: agent.id,
          wait_listing: false,
        });
        const reserved = await bookings.reserveAllotments(work, principal, booking_id);
        if (reserved.sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED') continue;
        await bookings.confirm(work, principal, booking_id, await bookings.template(tx, principal, booking_id, 'booking_ok'));
        if (agent.agentType !== 'SPECIAL_CONTRACTED') confirmed.push(booking_id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error; // no room that day: that agent's month stays empty
      }
    }
    // Card fares captured and coupons reported a few days after booking (settleDemoPayments' first of each kind).
    await settleDemoPayments(db, work, principal, confirmed, fixedClock(`${month}-05T10:00:00+09:00`), publicUrl);
  }

  // Billed at each month's end; the month before last paid 20 days later.
  for (const [k, month] of months.entries()) {
    const runDate = lastDayOfMonth(month);
    const settlements = createSettlementsService({ db, clock: fixedClock(`${runDate}T23:30:00+09:00`), fileStorage: NO_FILES, publicUrl });
    for (const agent of agents) {
      const billed = await settlements.billAgent(work, agent.id, runDate, null);
      if (k === 0 && billed.billed && billed.agent_settlement_id !== null && agent.agentType === 'SPECIAL_CONTRACTED') {
        await settlements.confirmPayment(work, principal, billed.agent_settlement_id, { paid_on: addDays(runDate, 20), note: '月次請求分 振込入金' });
      }
    }
    // The month's invoices mailed as their delivery job would (the seeding runs no queue).
    await settlements.deliverInvoicesNow(work);
  }
}

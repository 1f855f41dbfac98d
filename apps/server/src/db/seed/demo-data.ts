/**
 * Demo data loaded on first start with an empty database (skipped with DEMO_DATA=off): the line,
 * the train, arrangement types, units and prices, operator users and three agents; its timetable,
 * arrangements, pricing plans and group schedules cover the demo's years (demo-calendar.ts: from
 * the year of the month before last to the year after this one in Tokyo), its bookings and
 * settlements lie around today.
 */
import { count } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@sagano/domain/auth/password-policy';
import type { Db, Tx } from '../client.ts';
import * as t from '../schema.ts';
import { insertDemoSettlements } from './demo-settlements.ts';
import { insertDemoBookings } from './demo-bookings.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { insertDemoArrangements } from './demo-arrangements.ts';
import { insertDemoBankAccounts } from './demo-bank-accounts.ts';
import { demoCalendar, type DemoCalendar } from './demo-calendar.ts';
import { insertDemoPricing } from './demo-pricing.ts';
import { insertDemoTimetable } from './demo-timetable.ts';
import {
  ARRANGEMENT_TYPES,
  CAR_NAMES,
  DIRECTIONS,
  STATIONS,
  TRAIN_ID,
  TRAIN_NAME,
  buildSeats,
  buildUnits,
  priceOf,
} from './line-and-train.ts';

export { DEMO_PASSWORD } from '@sagano/domain/auth/password-policy';

export const DEMO_OPERATORS = [
  { email: 'admin@example.com', name: '山田 花子', userGroup: 'BACK_OFFICE', userType: 'ADMIN', tel: '075-000-0001' },
  { email: 'staff@example.com', name: '佐藤 健', userGroup: 'BACK_OFFICE', userType: 'STAFF', tel: '075-000-0002' },
  { email: 'station@example.com', name: '鈴木 駅子', userGroup: 'STATION', userType: 'STAFF', tel: '075-000-0003' },
  { email: 'train@example.com', name: '高橋 乗務', userGroup: 'TRAIN', userType: 'STAFF', tel: '075-000-0004' },
] as const;

export const DEMO_AGENTS = [
  {
    agentType: 'FREE',
    nameJa: '京都さくら旅行',
    nameKana: 'キョウトサクラリョコウ',
    nameEn: 'Kyoto Sakura Travel',
    admin: { email: 'agent-free@example.com', name: '中村 さくら' },
    branch: { nameJa: '大阪支店', nameEn: 'Osaka branch', staff: { email: 'branch-free@example.com', name: '小林 大輔', staffType: 'STAFF' } },
  },
  {
    agentType: 'CONTRACTED',
    nameJa: '嵐山ツーリスト株式会社',
    nameKana: 'アラシヤマツーリスト',
    nameEn: 'Arashiyama Tourist Co., Ltd.',
    admin: { email: 'agent-contracted@example.com', name: '伊藤 誠' },
    branch: { nameJa: '東京支店', nameEn: 'Tokyo branch', staff: undefined },
  },
  {
    agentType: 'SPECIAL_CONTRACTED',
    nameJa: '洛西観光サービス',
    nameKana: 'ラクサイカンコウサービス',
    nameEn: 'Rakusai Travel Service',
    admin: { email: 'agent-special@example.com', name: '渡辺 恵' },
    branch: { nameJa: '名古屋支店', nameEn: 'Nagoya branch', staff: undefined },
  },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.stations);
  return (row?.n ?? 0) === 0;
}

async function insertReferenceData(tx: Tx, calendar: DemoCalendar): Promise<void> {
  await tx.insert(t.stations).values(STATIONS);
  await tx.insert(t.directions).values(DIRECTIONS);
  await tx.insert(t.trains).values({ trainId: TRAIN_ID, name: TRAIN_NAME });
  const { cars, seats } = buildSeats();
  await tx.insert(t.cars).values(
    cars.map((c) => ({
      trainId: TRAIN_ID,
      logicalCarId: c.logicalCarId,
      physicalCarId: `SK${300 + c.logicalCarId}`,
      carNumber: c.logicalCarId,
      name: CAR_NAMES(c.logicalCarId),
      isRich: c.isRich,
      standingCapacity: c.standing,
    })),
  );
  await tx.insert(t.seats).values(seats.map((s) => ({ ...s, trainId: TRAIN_ID })));
  await tx.insert(t.arrangementTypes).values(ARRANGEMENT_TYPES);
  const units = buildUnits();
  await tx.insert(t.units).values(units);
  for (const segment of ['NORMAL', 'SCHOOL'] as const) {
    const [plan] = await tx
      .insert(t.pricingPlans)
      .values({
        name: `${segment === 'NORMAL' ? '一般団体' : '学生団体'} ${calendar.planYears}`,
        segment,
        serviceDateFrom: calendar.term.fromDate,
        serviceDateTo: calendar.term.toDate,
      })
      .returning({ id: t.pricingPlans.id });
    const priced = units
      .filter((u) => u.segment === segment)
      .flatMap((u) => {
        const price = priceOf(u.segment, u.annotation, u.fareType);
        return price ? [{ pricingPlanId: plan!.id, unitId: u.id, ...price }] : [];
      });
    await tx.insert(t.pricingPlanUnits).values(priced);
  }
}

async function insertAccount(tx: Tx, email: string, kind: 'OPERATOR' | 'AGENT', passwordHash: string): Promise<string> {
  const [row] = await tx
    .insert(t.accounts)
    .values({ email, kind, passwordHash, passwordChangedAt: new Date() })
    .returning({ id: t.accounts.id });
  return row!.id;
}

async function insertPeople(tx: Tx, passwordHash: string): Promise<void> {
  for (const op of DEMO_OPERATORS) {
    const accountId = await insertAccount(tx, op.email, 'OPERATOR', passwordHash);
    await tx.insert(t.operatorUsers).values({ accountId, name: op.name, tel: op.tel, languageCode: 'ja', userGroup: op.userGroup, userType: op.userType });
  }
  for (const a of DEMO_AGENTS) {
    const [agent] = await tx
      .insert(t.agents)
      .values({ nameJa: a.nameJa, nameKana: a.nameKana, nameEn: a.nameEn, nameOrigin: a.nameJa, agentType: a.agentType })
      .returning({ id: t.agents.id });
    const agentId = agent!.id;
    const [root] = await tx
      .insert(t.agentGroups)
      .values({ agentId, isRoot: true, nameJa: `${a.nameJa} 本社`, nameEn: `${a.nameEn} head office`, nameOrigin: a.nameJa })
      .returning({ id: t.agentGroups.id });
    const [branch] = await tx
      .insert(t.agentGroups)
      .values({ agentId, isRoot: false, nameJa: a.branch.nameJa, nameEn: a.branch.nameEn, nameOrigin: a.branch.nameJa })
      .returning({ id: t.agentGroups.id });
    const adminId = await insertAccount(tx, a.admin.email, 'AGENT', passwordHash);
    await tx.insert(t.agentStaffs).values({ accountId: adminId, agentId, groupId: root!.id, name: a.admin.name, staffType: 'ADMIN' });
    if (a.branch.staff) {
      const staffId = await insertAccount(tx, a.branch.staff.email, 'AGENT', passwordHash);
      await tx.insert(t.agentStaffs).values({ accountId: staffId, agentId, groupId: branch!.id, name: a.branch.staff.name, staffType: a.branch.staff.staffType });
    }
  }
}

/**
 * Loads the demo data in one transaction; returns false when the database already has data. Its
 * years and its bookings' days follow `clock`'s today.
 */
export async function loadDemoData(db: Db, clock: Clock = systemClock): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const calendar = demoCalendar(clock.today());
  await db.transaction(async (tx) => {
    await insertReferenceData(tx, calendar);
    // The operator's row comes from migration 0015 (registration number empty until the operator
    // enters it); the demo adds its postal code and an illustrative registration number, so the
    // demo's invoices show every item of a qualified invoice.
    await tx.update(t.operatorBasicInfo).set({ postalCode: '616-8373', invoiceNumber: 'T1130001234567' });
    await insertPeople(tx, passwordHash);
    await insertDemoTimetable(tx, calendar);
    await insertDemoArrangements(db, tx, calendar);
    await insertDemoPricing(tx, calendar);
    await insertDemoBankAccounts(tx);
    // One example instant confirmation rule (ADR 037), left off: the journeys' requests wait for the operator as before.
    await tx.insert(t.instantConfirmationRules).values({
      name: '30名以下・14日以上前・残席に余裕のある列車（例）',
      enabled: false,
      agentIds: null,
      channels: ['PORTAL', 'API'],
      maxParticipants: 30,
      minDaysAhead: 14,
      onlySufficientLevel: true,
      autoAssignSeats: false,
    });
    await insertDemoBookings(db, tx, clock);
    await insertDemoSettlements(db, tx, clock);
  });
  return true;
}

/** Reads and writes of bookings and everything that hangs off them. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type BookingRow = typeof t.bookings.$inferSelect;
export type BookingServiceRow = typeof t.bookingServices.$inferSelect;

export interface BookingAggregate {
  booking: BookingRow;
  agent: { id: number; nameJa: string; agentType: string; ignoreCancellationPolicy: boolean };
  subGroup: { id: number; nameJa: string; isRoot: boolean };
  services: (BookingServiceRow & { names: LocalizedLabel[]; departureHhmm: string | null; arrivalHhmm: string | null })[];
  units: (typeof t.bookingUnits.$inferSelect)[];
  wheelchairs: { needSlope: boolean }[];
  payment: (typeof t.payments.$inferSelect) | undefined;
  notes: (typeof t.bookingNotes.$inferSelect)[];
  histories: (typeof t.bookingHistories.$inferSelect)[];
}

export async function findBookingRow(db: Executor, bookingId: string, options: { lock?: boolean } = {}): Promise<BookingRow | undefined> {
  const query = db.select().from(t.bookings).where(eq(t.bookings.bookingId, bookingId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function loadBooking(db: Executor, bookingId: string): Promise<BookingAggregate | undefined> {
  const booking = await findBookingRow(db, bookingId);
  if (!booking) return undefined;
  const [agent] = await db
    .select({ id: t.agents.id, nameJa: t.agents.nameJa, agentType: t.agents.agentType, ignoreCancellationPolicy: t.agents.ignoreCancellationPolicy })
    .from(t.agents)
    .where(eq(t.agents.id, booking.agentId));
  const [subGroup] = await db
    .select({ id: t.agentGroups.id, nameJa: t.agentGroups.nameJa, isRoot: t.agentGroups.isRoot })
    .from(t.agentGroups)
    .where(eq(t.agentGroups.id, booking.agentSubGroupId));
  const services = rowsOf<BookingServiceRow & { names: LocalizedLabel[]; departure_hhmm: string | null; arrival_hhmm: string | null; service_date_text: string }>(
    await db.execute(sql`
      select bs.booking_id as "bookingId", bs.direction, bs.service_date::text as "serviceDate", bs.service_id as "serviceId",
             bs.from_station_id as "fromStationId", bs.to_station_id as "toStationId", bs.held_group as "heldGroup",
             bs.held_wheelchair as "heldWheelchair", bs.held_standing as "heldStanding", s.names,
             (select d.departure_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.from_station_id) as departure_hhmm,
             (select d.arrival_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.to_station_id) as arrival_hhmm
      from booking_services bs join services s on s.id = bs.service_id
      where bs.booking_id = ${booking.id}
      order by bs.service_date, case bs.direction when 'down' then 0 else 1 end`),
  ).map((r) => ({ ...r, departureHhmm: r.departure_hhmm, arrivalHhmm: r.arrival_hhmm }));
  const [units, wheelchairs, payments, notes, histories] = await readAll(db, [
    () => db.select().from(t.bookingUnits).where(eq(t.bookingUnits.bookingId, booking.id)).orderBy(asc(t.bookingUnits.unitId)),
    () => db.select({ needSlope: t.bookingWheelchairs.needSlope }).from(t.bookingWheelchairs).where(eq(t.bookingWheelchairs.bookingId, booking.id)).orderBy(asc(t.bookingWheelchairs.id)),
    () => db.select().from(t.payments).where(and(eq(t.payments.bookingId, booking.id), eq(t.payments.kind, 'FARE'))).orderBy(desc(t.payments.id)).limit(1),
    () => db.select().from(t.bookingNotes).where(eq(t.bookingNotes.bookingId, booking.id)).orderBy(asc(t.bookingNotes.createdAt), asc(t.bookingNotes.id)),
    () => db.select().from(t.bookingHistories).where(eq(t.bookingHistories.bookingId, booking.id)).orderBy(asc(t.bookingHistories.revision)),
  ] as const);
  return { booking, agent: agent!, subGroup: subGroup!, services, units, wheelchairs, payment: payments[0], notes, histories };
}

export async function setState(db: Executor, id: number, patch: Partial<Pick<BookingRow, 'operatorName' | 'priority' | 'confirmNote' | 'voucherNote' | 'voucherConfirmed' | 'refusalReason' | 'caution'>> & { status?: BookingStatus; subStatus?: BookingSubStatus }): Promise<void> {
  await db.update(t.bookings).set({ ...patch, updatedAt: new Date() }).where(eq(t.bookings.id, id));
}

export async function setHeld(db: Executor, bookingId: number, direction: string, held: { heldGroup: number; heldWheelchair: number; heldStanding: number }): Promise<void> {
  await db.update(t.bookingServices).set(held).where(and(eq(t.bookingServices.bookingId, bookingId), eq(t.bookingServices.direction, direction)));
}

/** Appends the next history revision and moves the booking's revision to it. */
export async function appendHistory(db: Executor, booking: BookingRow, type: 'CREATE' | 'UPDATE' | 'CANCEL', snapshot: unknown, createdBy: string): Promise<number> {
  const [row] = rowsOf<{ revision: number }>(
    await db.execute(sql`update bookings set revision = revision + 1 where id = ${booking.id} returning revision`),
  );
  const revision = type === 'CREATE' ? 1 : row!.revision;
  if (type === 'CREATE') await db.update(t.bookings).set({ revision: 1 }).where(eq(t.bookings.id, booking.id));
  await db.insert(t.bookingHistories).values({ bookingId: booking.id, revision, type, snapshot, createdBy });
  return revision;
}

export async function insertNotification(
  db: Executor,
  n: { audience: 'ADMIN' | 'AGENT'; category: 'booking' | 'payment'; kind: string; bookingId: number; agentId: number; agentSubGroupId: number },
): Promise<void> {
  await db.insert(t.notifications).values(n);
}

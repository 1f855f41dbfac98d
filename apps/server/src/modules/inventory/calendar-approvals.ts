/**
 * The timetable's calendar changes that wait for approval: pattern calendar days and the special
 * trains of special days. Applying one writes the calendar (timetable module), refuses the live
 * bookings on trains that stop running (the bookings module's step, handed in as a port by
 * app.ts) and rebuilds the inventory of the days it touches, all in the same transaction.
 */
import { z } from 'zod';
import { SERVICE_DAY_PATTERNS } from '@sagano/domain/timetable/timetable-schemas';
import { AppError } from '../../lib/app-error.ts';
import { registerApprovalTarget } from '../approvals/index.ts';
import type { Tx } from '../../db/client.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { runningServiceDays, findServiceTerm, replaceSpecialDayServices, upsertPatterns } from '../timetable/index.ts';
import { rebuildInventory } from './inventory-build.ts';
import type { RefuseBookingsOnStoppedTrains, StoppedTrain } from './stopped-trains.ts';
import { bookedTrainsBetween, bookingsOnStoppedTrains } from './inventory.repository.ts';

export const PatternChangePayload = z.object({
  service_term_id: z.number().int().positive(),
  days: z.array(z.object({ date: z.iso.date(), service_pattern: z.enum(SERVICE_DAY_PATTERNS) })).min(1),
});
export type PatternChangePayload = z.infer<typeof PatternChangePayload>;

export const SpecialDayServicesPayload = z.object({
  service_term_id: z.number().int().positive(),
  days: z.array(z.object({ date: z.iso.date(), service_ids: z.array(z.number().int().positive()) })).min(1),
});
export type SpecialDayServicesPayload = z.infer<typeof SpecialDayServicesPayload>;

function dateSpan(dates: string[]): { fromDate: string; toDate: string } {
  const sorted = [...dates].sort();
  return { fromDate: sorted[0]!, toDate: sorted[sorted.length - 1]! };
}

async function requireDaysInTerm(tx: Parameters<typeof findServiceTerm>[0], serviceTermId: number, dates: string[]) {
  const term = await findServiceTerm(tx, serviceTermId);
  if (!term) throw new AppError('NOT_FOUND', 'service term not found');
  const outside = dates.find((d) => d < term.fromDate || d > term.toDate);
  if (outside) throw new AppError('VALIDATION_FAILED', `days: ${outside} is outside the service term`, 'days');
}

/**
 * The trains with live bookings that stop running once `write` has changed the calendar:
 * booked (day, train) pairs in the span before the write, minus what runs after it (the one
 * rule of running-service-days.ts). A day on which nothing runs any more is a day suspension.
 */
async function stoppedBy(tx: Tx, span: { fromDate: string; toDate: string }, write: () => Promise<void>): Promise<StoppedTrain[]> {
  const booked = await bookedTrainsBetween(tx, span);
  await write();
  if (booked.length === 0) return [];
  const running = await runningServiceDays(tx, span.fromDate, span.toDate);
  const runs = new Set(running.map((r) => `${r.serviceDate}|${r.serviceId}`));
  const dayRuns = new Set(running.map((r) => r.serviceDate));
  return booked
    .filter((b) => !runs.has(`${b.service_date}|${Number(b.service_id)}`))
    .map((b) => ({ serviceDate: b.service_date, serviceId: Number(b.service_id), reason: dayRuns.has(b.service_date) ? 'SERVICE_SUSPENSION' : 'SERVICEDAY_SUSPENSION' }));
}

/**
 * Applies a calendar change: trains that stop running on a day refuse their live bookings as a
 * suspension would (DESIGN §3), then the days' inventory is rebuilt.
 */
async function applyCalendarChange(refuseBookingsOnStoppedTrains: RefuseBookingsOnStoppedTrains, work: Work, actor: string, dates: string[], write: () => Promise<void>) {
  const span = dateSpan(dates);
  const stopped = await stoppedBy(work.tx, span, write);
  const refusedBookingIds = await refuseBookingsOnStoppedTrains(work, actor, stopped);
  await rebuildInventory(work, span);
  return { refusedBookingIds };
}

/**
 * One calendar-change target: its days must lie in the service term; applying it writes the
 * calendar with `write`, refuses the bookings on trains that stop and rebuilds the days.
 */
function registerCalendarChangeTarget<P extends { service_term_id: number; days: { date: string }[] }>(
  target: 'SERVICE_DAY_PATTERN_CHANGE' | 'SERVICE_DAY_SERVICE_APPEND',
  payload: z.ZodType<P>,
  write: (tx: Tx, days: P['days']) => Promise<void>,
  refuseBookingsOnStoppedTrains: RefuseBookingsOnStoppedTrains,
): void {
  const datesOf = (p: P) => p.days.map((d) => d.date);
  registerApprovalTarget(target, {
    payload,
    scope: (p) => ({ serviceTermId: p.service_term_id, ...dateSpan(datesOf(p)) }),
    apply: async (work, p, actor) => {
      await requireDaysInTerm(work.tx, p.service_term_id, datesOf(p));
      return applyCalendarChange(refuseBookingsOnStoppedTrains, work, actor, datesOf(p), () => write(work.tx, p.days));
    },
    affectedBookings: async (work, p) => bookingsOnStoppedTrains(work.tx, await stoppedBy(work.tx, dateSpan(datesOf(p)), () => write(work.tx, p.days))),
  });
}

/** Registers the two calendar-change targets with the bookings' refusal step (called once by app.ts). */
export function registerCalendarChangeApprovals(refuseBookingsOnStoppedTrains: RefuseBookingsOnStoppedTrains): void {
  registerCalendarChangeTarget('SERVICE_DAY_PATTERN_CHANGE', PatternChangePayload, upsertPatterns, refuseBookingsOnStoppedTrains);
  registerCalendarChangeTarget('SERVICE_DAY_SERVICE_APPEND', SpecialDayServicesPayload, replaceSpecialDayServices, refuseBookingsOnStoppedTrains);
}

import type {
  ApprovalSubmittedResponse,
  CalendarDay,
  CreateServiceTermBody,
  DailyServicesResponse,
  PatternCalendarBody,
  ServiceBody,
  ServiceDayPattern,
  ServiceResponse,
  SpecialDaysBody,
  SpecialDaysResponse,
} from '@sagano/domain/timetable/timetable-schemas';
import { NO_CHANGES } from '@sagano/domain/timetable/timetable-schemas';
import { eachDay, lastDayOfMonth } from '@sagano/domain/common/business-date';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { pendingApprovalsIn, type ApprovalsService, type ApprovalTarget } from '../approvals/index.ts';
import type { Principal } from '../auth/index.ts';
import { runningServiceIds } from './service-days.repository.ts';
import './timetable-approvals.ts';
import {
  deleteService,
  directionStationOrder,
  findService,
  findServiceTerm,
  insertService,
  listServiceTerms,
  listTermServices,
  overlappingTermExists,
  patternsBetween,
  serviceDependencies,
  servicesByIds,
  specialDayServicesBetween,
  updateService,
  type ServiceTermRow,
  type ServiceWithDiagram,
} from './timetable.repository.ts';

function submitted(row: { id: number; status: string }): ApprovalSubmittedResponse {
  return { approval_id: row.id, status: row.status };
}

async function requireTerm(db: Executor, id: number): Promise<ServiceTermRow> {
  const term = await findServiceTerm(db, id);
  if (!term) throw notFound('service term');
  return term;
}

export function toServiceResponse(s: ServiceWithDiagram, deps?: { inventoryDays: number; seatAssignments: number }): ServiceResponse {
  const reason = !deps
    ? null
    : deps.seatAssignments > 0
      ? 'seats are held or assigned on this train'
      : deps.inventoryDays > 0
        ? 'inventory has been built for this train'
        : null;
  return {
    service_term_id: s.serviceTermId,
    service_id: s.id,
    is_special: s.isSpecial,
    logical_train_id: s.logicalTrainId,
    names: s.names,
    direction: s.direction,
    display_order: s.displayOrder,
    diagram_items: s.diagramItems,
    is_deletable: reason === null,
    undeletable_reason: reason,
  };
}

/** Stations must follow the direction's running order (a train may skip none at either end, but keeps the order). */
async function checkStations(db: Executor, body: ServiceBody) {
  const order = await directionStationOrder(db, body.direction);
  const positions = body.diagram_items.map((d) => order.indexOf(d.station_id));
  if (positions.some((p) => p < 0) || positions.some((p, i) => i > 0 && p <= positions[i - 1]!)) {
    throw invalid('diagram_items', `stations must follow the order of the ${body.direction} direction`);
  }
}

async function serviceResponse(db: Executor, id: number): Promise<ServiceResponse> {
  const [s] = await servicesByIds(db, [id]);
  if (!s) throw notFound('service');
  return toServiceResponse(s, (await serviceDependencies(db, [id])).get(id));
}

async function pendingDays(db: Executor, fromDate: string, toDate: string, targets: string[]): Promise<Set<string>> {
  const pending = new Set<string>();
  for (const a of await pendingApprovalsIn(db, fromDate, toDate)) {
    if (!targets.includes(a.target)) continue;
    const days = (a.payload as { days?: { date: string }[] }).days;
    if (days) for (const d of days) pending.add(d.date);
    else if (a.fromDate) for (const d of eachDay(a.fromDate, a.toDate ?? a.fromDate)) pending.add(d);
  }
  return pending;
}

async function specialDaysOf(db: Executor, serviceTermId: number): Promise<SpecialDaysResponse> {
  const term = await requireTerm(db, serviceTermId);
  const services = (await listTermServices(db, serviceTermId)).filter((s) => s.isSpecial);
  const patterns = await patternsBetween(db, term.fromDate, term.toDate);
  const listed = await specialDayServicesBetween(db, term.fromDate, term.toDate);
  const pending = await pendingDays(db, term.fromDate, term.toDate, ['SERVICE_DAY_SERVICE_APPEND']);
  const days = [...patterns.entries()]
    .filter(([, p]) => p === 'SPECIAL')
    .map(([date]) => date)
    .sort()
    .map((date) => ({ date, service_ids: listed.get(date) ?? [], is_approval_pending: pending.has(date) }));
  return {
    service_term_id: term.id,
    special_services: services.map((s) => ({ service_id: s.id, names: s.names, direction: s.direction })),
    days,
  };
}

async function runningServices(db: Executor, date: string): Promise<ServiceWithDiagram[]> {
  return servicesByIds(db, await runningServiceIds(db, date));
}

/**
 * The timetable: service terms, trains, the pattern calendar and special days (terms and
 * calendar changes go through approval), and what runs on a day.
 */
export function createTimetableService(deps: { db: Executor; clock: Clock; approvals: ApprovalsService }) {
  const { db, clock, approvals } = deps;

  /** A calendar request's answer lists the live bookings its approval would refuse. */
  async function withAffected(work: Work, row: { id: number; status: string; target: string; payload: unknown }): Promise<ApprovalSubmittedResponse> {
    return { ...submitted(row), affected_bookings: await approvals.previewAffectedBookings(work, row.target as ApprovalTarget, row.payload) };
  }

  return {
    // ---------- terms ----------

    /** The service terms, the one covering today (the clock's business date) marked current. */
    async serviceTermList() {
      const today = clock.today();
      const terms = await listServiceTerms(db);
      const current = terms.find((x) => x.fromDate <= today && today <= x.toDate) ?? terms[0];
      return { service_terms: terms.map((x) => ({ serviceTermId: x.id, fromDate: x.fromDate, toDate: x.toDate, is_current: x.id === current?.id })) };
    },

    /** Asks for a new service term; inserted only once approved. */
    async requestServiceTerm(work: Work, principal: Principal, body: CreateServiceTermBody): Promise<ApprovalSubmittedResponse> {
      if (await overlappingTermExists(work.tx, body.fromDate, body.toDate)) {
        throw new AppError('SERVICE_TERM_OVERLAP', 'fromDate: the term overlaps an existing service term', 'fromDate');
      }
      return submitted(await approvals.submit(work, principal, 'SERVICE_TERM_INSERT', body));
    },

    // ---------- services ----------

    async termServices(serviceTermId: number): Promise<ServiceResponse[]> {
      await requireTerm(db, serviceTermId);
      const services = await listTermServices(db, serviceTermId);
      const dependencies = await serviceDependencies(db, services.map((s) => s.id));
      return services.map((s) => toServiceResponse(s, dependencies.get(s.id)));
    },

    async createService(work: Work, serviceTermId: number, body: ServiceBody): Promise<ServiceResponse> {
      await requireTerm(work.tx, serviceTermId);
      await checkStations(work.tx, body);
      const id = await insertService(work.tx, serviceTermId, body);
      return serviceResponse(work.tx, id);
    },

    async changeService(work: Work, id: number, body: ServiceBody): Promise<ServiceResponse> {
      const before = await findService(work.tx, id, { lock: true });
      if (!before) throw notFound('service');
      await checkStations(work.tx, body);
      if (before.direction !== body.direction || before.isSpecial !== body.is_special) {
        const dependencies = (await serviceDependencies(work.tx, [id])).get(id);
        if (dependencies && (dependencies.inventoryDays > 0 || dependencies.seatAssignments > 0)) {
          throw new AppError('SERVICE_IN_USE', 'direction: the direction and special flag cannot change once inventory exists for the train', 'direction');
        }
      }
      await updateService(work.tx, id, body);
      return serviceResponse(work.tx, id);
    },

    async removeService(work: Work, id: number): Promise<void> {
      const service = await findService(work.tx, id, { lock: true });
      if (!service) throw notFound('service');
      const response = await serviceResponse(work.tx, id);
      if (!response.is_deletable) throw new AppError('SERVICE_IN_USE', `the train cannot be deleted: ${response.undeletable_reason}`);
      await deleteService(work.tx, id);
    },

    // ---------- calendar ----------

    async patternCalendar(serviceTermId: number): Promise<{ service_term_id: number; days: CalendarDay[] }> {
      const term = await requireTerm(db, serviceTermId);
      const patterns = await patternsBetween(db, term.fromDate, term.toDate);
      const pending = await pendingDays(db, term.fromDate, term.toDate, ['SERVICE_DAY_PATTERN_CHANGE', 'SERVICE_DAY_SERVICE_APPEND']);
      return {
        service_term_id: term.id,
        days: eachDay(term.fromDate, term.toDate).map((date) => ({ date, service_pattern: patterns.get(date) ?? 'DISABLED', is_approval_pending: pending.has(date) })),
      };
    },

    /** Asks to change the pattern of the days that differ from today's calendar. */
    async requestPatternChange(work: Work, principal: Principal, serviceTermId: number, body: PatternCalendarBody): Promise<ApprovalSubmittedResponse> {
      const term = await requireTerm(work.tx, serviceTermId);
      const outside = body.days.find((d) => d.date < term.fromDate || d.date > term.toDate);
      if (outside) throw invalid('days', `${outside.date} is outside the service term ${term.fromDate}–${term.toDate}`);
      const dates = body.days.map((d) => d.date);
      if (new Set(dates).size !== dates.length) throw invalid('days', 'a day is listed twice');
      const sorted = [...dates].sort();
      const current = await patternsBetween(work.tx, sorted[0]!, sorted[sorted.length - 1]!);
      const changed = body.days.filter((d) => (current.get(d.date) ?? 'DISABLED') !== d.service_pattern).sort((a, b) => a.date.localeCompare(b.date));
      if (changed.length === 0) throw new AppError('NO_CHANGES', NO_CHANGES);
      return withAffected(work, await approvals.submit(work, principal, 'SERVICE_DAY_PATTERN_CHANGE', { service_term_id: serviceTermId, days: changed }));
    },

    async monthPatternCalendar(yearMonth: string) {
      const fromDate = `${yearMonth}-01`;
      const toDate = lastDayOfMonth(yearMonth);
      const patterns = await patternsBetween(db, fromDate, toDate);
      return { year_month: yearMonth, days: eachDay(fromDate, toDate).map((date) => ({ date, service_pattern: (patterns.get(date) ?? 'DISABLED') as ServiceDayPattern })) };
    },

    specialDays: (serviceTermId: number): Promise<SpecialDaysResponse> => specialDaysOf(db, serviceTermId),

    /** Asks to set which special trains run on the SPECIAL days that changed. */
    async requestSpecialDays(work: Work, principal: Principal, serviceTermId: number, body: SpecialDaysBody): Promise<ApprovalSubmittedResponse> {
      const current = await specialDaysOf(work.tx, serviceTermId);
      const specialDates = new Map(current.days.map((d) => [d.date, d.service_ids]));
      const specialIds = new Set(current.special_services.map((s) => s.service_id));
      const changed: { date: string; service_ids: number[] }[] = [];
      for (const day of body.days) {
        const before = specialDates.get(day.date);
        if (!before) throw invalid('days', `${day.date} is not a special day of the service term`);
        const unknown = day.service_ids.find((id) => !specialIds.has(id));
        if (unknown !== undefined) throw invalid('days', `service ${unknown} is not a special train of the service term`);
        const after = [...new Set(day.service_ids)].sort((a, b) => a - b);
        if (after.join(',') !== [...before].sort((a, b) => a - b).join(',')) changed.push({ date: day.date, service_ids: after });
      }
      if (changed.length === 0) throw new AppError('NO_CHANGES', NO_CHANGES);
      return withAffected(work, await approvals.submit(work, principal, 'SERVICE_DAY_SERVICE_APPEND', { service_term_id: serviceTermId, days: changed }));
    },

    // ---------- what runs on a day ----------

    async dailyServices(date: string): Promise<DailyServicesResponse> {
      const services = await runningServices(db, date);
      return {
        ordinary_service_ids: services.filter((s) => !s.isSpecial).map((s) => s.id),
        special_service_ids: services.filter((s) => s.isSpecial).map((s) => s.id),
        // Charter trains are not modelled yet.
        charter_service_ids: [],
      };
    },

    async diagrams(date: string) {
      const services = await runningServices(db, date);
      return {
        date,
        services: services.map((s) => {
          const { is_deletable: _d, undeletable_reason: _r, ...rest } = toServiceResponse(s);
          return rest;
        }),
      };
    },

    async searchServices(q: { date: string; station_id: number; departure_hhmm_gte?: string | undefined }) {
      const services = await runningServices(db, q.date);
      const found = services.flatMap((s) => {
        const stop = s.diagramItems.find((d) => d.station_id === q.station_id);
        if (!stop?.departure_hhmm) return [];
        if (q.departure_hhmm_gte && stop.departure_hhmm < q.departure_hhmm_gte) return [];
        return [{ service_id: s.id, names: s.names, direction: s.direction, is_special: s.isSpecial, departure_hhmm: stop.departure_hhmm }];
      });
      return { services: found.sort((a, b) => a.departure_hhmm.localeCompare(b.departure_hhmm) || a.service_id - b.service_id) };
    },
  };
}

export type TimetableService = ReturnType<typeof createTimetableService>;

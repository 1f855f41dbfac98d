import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApprovalSubmittedResponse,
  CreateServiceTermBody,
  DailyServicesResponse,
  DateParams,
  DiagramsQuery,
  DiagramsResponse,
  MonthPatternCalendarResponse,
  PatternCalendarBody,
  PatternCalendarResponse,
  SearchServicesQuery,
  SearchServicesResponse,
  ServiceBody,
  ServiceIdParams,
  ServiceListResponse,
  ServiceResponse,
  ServiceTermIdParams,
  ServiceTermListResponse,
  SpecialDaysBody,
  SpecialDaysResponse,
  YearMonthParams,
} from '@sagano/domain/timetable/timetable-schemas';
import type { TimetableService } from './timetable.service.ts';

const Ok = z.object({ ok: z.literal(true) });

/**
 * The timetable: terms, trains and the pattern calendar. Master changes are back-office only
 * (no `access`); terms, calendar days and special days go through approval. What runs on a day
 * is readable by the back office (station staff only see bookings), and the month calendar and
 * diagrams by anyone (the customer side).
 */
export function timetableRoutes(app: FastifyInstance, deps: { timetable: TimetableService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timetable } = deps;
  const tags = ['timetable'];
  const config = { category: 'timetable' as const };
  const reads = { ...config, access: 'backOffice' as const };

  r.get('/v1/service-terms', { schema: { tags, response: { 200: ServiceTermListResponse } }, config: reads }, () => timetable.serviceTermList());

  r.post('/v1/service-terms', { schema: { tags, body: CreateServiceTermBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'service_terms.create' } }, (request) =>
    request.mutate((work) => timetable.requestServiceTerm(work, request.principal!, request.body)),
  );

  r.get('/v1/service-terms/:id/services', { schema: { tags, params: ServiceTermIdParams, response: { 200: ServiceListResponse } }, config: reads }, async (request) => ({
    services: await timetable.termServices(request.params.id),
  }));

  r.post(
    '/v1/service-terms/:id/services',
    { schema: { tags, params: ServiceTermIdParams, body: ServiceBody, response: { 200: ServiceResponse } }, config: { ...config, operation: 'services.create' } },
    (request) => request.mutate((work) => timetable.createService(work, request.params.id, request.body)),
  );

  r.put('/v1/services/:id', { schema: { tags, params: ServiceIdParams, body: ServiceBody, response: { 200: ServiceResponse } }, config: { ...config, operation: 'services.update' } }, (request) =>
    request.mutate((work) => timetable.changeService(work, request.params.id, request.body)),
  );

  r.delete('/v1/services/:id', { schema: { tags, params: ServiceIdParams, response: { 200: Ok } }, config: { ...config, operation: 'services.delete' } }, async (request) => {
    await request.mutate((work) => timetable.removeService(work, request.params.id));
    return { ok: true as const };
  });

  r.get('/v1/service-terms/:id/services/pattern-calendar', { schema: { tags, params: ServiceTermIdParams, response: { 200: PatternCalendarResponse } }, config: reads }, (request) =>
    timetable.patternCalendar(request.params.id),
  );

  r.put(
    '/v1/service-terms/:id/services/pattern-calendar',
    { schema: { tags, params: ServiceTermIdParams, body: PatternCalendarBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'pattern_calendar.update' } },
    (request) => request.mutate((work) => timetable.requestPatternChange(work, request.principal!, request.params.id, request.body)),
  );

  r.get('/v1/service-terms/:id/services/special-days', { schema: { tags, params: ServiceTermIdParams, response: { 200: SpecialDaysResponse } }, config: reads }, (request) =>
    timetable.specialDays(request.params.id),
  );

  r.put(
    '/v1/service-terms/:id/services/special-days',
    { schema: { tags, params: ServiceTermIdParams, body: SpecialDaysBody, response: { 200: ApprovalSubmittedResponse } }, config: { ...config, operation: 'special_days.update' } },
    (request) => request.mutate((work) => timetable.requestSpecialDays(work, request.principal!, request.params.id, request.body)),
  );

  r.get('/v1/daily-services/:date', { schema: { tags, params: DateParams, response: { 200: DailyServicesResponse } }, config: { access: 'public' } }, (request) =>
    timetable.dailyServices(request.params.date),
  );

  r.get('/v1/diagrams', { schema: { tags, querystring: DiagramsQuery, response: { 200: DiagramsResponse } }, config: { access: 'public' } }, (request) => timetable.diagrams(request.query.date));

  // The booking flow's train search: the back office and agents, who book (station staff do not).
  r.get('/v1/search-services', { schema: { tags, querystring: SearchServicesQuery, response: { 200: SearchServicesResponse } }, config: { access: 'backOfficeOrAgent' } }, (request) =>
    timetable.searchServices(request.query),
  );

  r.get('/v1/services-pattern-calendar/:year_month', { schema: { tags, params: YearMonthParams, response: { 200: MonthPatternCalendarResponse } }, config: { access: 'public' } }, (request) =>
    timetable.monthPatternCalendar(request.params.year_month),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdjustArrangementsBody,
  AllotmentCalendarParams,
  AllotmentCalendarQuery,
  AllotmentCalendarResponse,
  AllotmentDayQuery,
  AllotmentDayResponse,
  SearchInventoryBody,
  SearchInventoryByTypeParams,
  SearchInventoryByTypeResponse,
  SearchInventoryResponse,
  ServiceDayParams,
  ServiceInventoryParams,
  ServiceInventoryResponse,
  ServiceStatusBody,
  ServiceStatusParams,
  ServiceStatusResponse,
} from '@sagano/domain/inventory/inventory-schemas';
import { AffectedBookingsQuery, AffectedBookingsResponse } from '@sagano/domain/inventory/suspension-schemas';
import { BookingLinkQuery, ServiceInventoryLinkQuery } from '@sagano/domain/inventory/customer-inventory-schemas';
import type { Db } from '../../db/client.ts';
import type { InventoryService } from './inventory.service.ts';
import { createCustomerInventory, type OpenBookingLink } from './customer-inventory.ts';

/** Seat inquiry (allotments), the seat-level inventory, slot adjustment and suspensions. */
export function inventoryRoutes(app: FastifyInstance, deps: { db: Db; inventory: InventoryService; bookingOfLink: OpenBookingLink }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, inventory } = deps;
  const customer = createCustomerInventory(inventory, deps.bookingOfLink);
  const tags = ['inventory'];

  // The month calendar may be up to 10 s old; force_real_time reads it live. It and the day list are
  // the seat inquiry agents book from: availability of the line (counts and levels per train and
  // day), nothing of any agent's bookings, so the back office and every agent may read them. Station
  // staff have no seat inquiry (spec 000 §2): they do not book.
  r.get('/v1/allotments/calendar/:year/:month', {
    schema: { tags, params: AllotmentCalendarParams, querystring: AllotmentCalendarQuery, response: { 200: AllotmentCalendarResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, (request) => inventory.calendar(request.params.year, request.params.month, request.query.direction_ids, request.query.force_real_time ?? false));

  r.get('/v1/allotments/:service_day', {
    schema: { tags, params: ServiceDayParams, querystring: AllotmentDayQuery, response: { 200: AllotmentDayResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, (request) => inventory.day(request.params.service_day, { fromStationId: request.query.from_station_id, toStationId: request.query.to_station_id }));

  // With ?base_booking_id=&token= the group's link reads a train of its own day (customer-inventory.ts).
  r.get('/v1/inventories/:date/services/:service_id', {
    schema: { tags, params: ServiceInventoryParams, querystring: ServiceInventoryLinkQuery, response: { 200: ServiceInventoryResponse } },
    config: { access: 'backOffice', bookingToken: true },
  }, (request) => {
    const { token, base_booking_id: bookingId, all_arrangement_types: all, arrangement_type_ids: types } = request.query;
    if (token !== undefined) return customer.serviceInventory(db, { bookingId: bookingId ?? '', token }, request.params.date, request.params.service_id, types);
    return inventory.serviceInventory(db, request.params.date, request.params.service_id, all ? undefined : types);
  });

  r.put('/v1/inventories/arrangements', {
    schema: { tags, body: AdjustArrangementsBody, response: { 200: ServiceInventoryResponse } },
    config: { access: 'backOffice', operation: 'inventory.adjust_arrangements', category: 'inventory' },
  }, (request) =>
    request.mutate(async (work) => {
      await inventory.adjustArrangements(work, request.body);
      return inventory.serviceInventory(work.tx, request.body.service_date, request.body.service_id);
    }, { logged: (result) => ({ service_day: result.service_day, service_id: result.service_id, counters: result.counters }) }),
  );

  r.post('/v1/search-inventory', {
    schema: { tags, querystring: BookingLinkQuery, body: SearchInventoryBody, response: { 200: SearchInventoryResponse } },
    config: { access: 'backOfficeOrAgent', operationLog: false, bookingToken: true },
  }, (request) => {
    const { booking_id: bookingId, token } = request.query;
    if (token !== undefined) return customer.search(db, { bookingId: bookingId ?? '', token }, request.body);
    return inventory.search(request.body);
  });

  r.get('/v1/search-inventory/:date/:arrangement_type_ids', {
    schema: { tags, params: SearchInventoryByTypeParams, querystring: BookingLinkQuery, response: { 200: SearchInventoryByTypeResponse } },
    config: { access: 'backOfficeOrAgent', bookingToken: true },
  }, (request) => {
    const { booking_id: bookingId, token } = request.query;
    if (token !== undefined) return customer.countersByType(db, { bookingId: bookingId ?? '', token }, request.params.date, request.params.arrangement_type_ids);
    return inventory.countersByType(request.params.date, request.params.arrangement_type_ids);
  });

  r.put('/v1/services/:service_ids/status', {
    schema: { tags, params: ServiceStatusParams, body: ServiceStatusBody, response: { 200: ServiceStatusResponse } },
    config: { access: 'backOffice', operation: 'services.set_status', category: 'timetable' },
  }, (request) => request.mutate((work) => inventory.setStatus(work, request.params.service_ids, request.body.date, request.body.operation, request.principal!.user.email)));

  // Our addition: the bookings a suspension of these trains on the date would refuse, for the suspend dialog.
  r.get('/v1/services/:service_ids/affected-bookings', {
    schema: { tags, params: ServiceStatusParams, querystring: AffectedBookingsQuery, response: { 200: AffectedBookingsResponse } },
    config: { access: 'backOffice' },
  }, (request) => inventory.affectedBookings(db, request.params.service_ids, request.query.date));
}

/** The contract of the inventory calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const inventoryContract: AreaContract[] = [defineArea('inventory', 'Allotments: how many seats each train holds per arrangement type and leg, what is held and sold, and the sale status of trains.', {
  'GET /v1/allotments/calendar/{year}/{month}': { id: 'inventory.calendar', summary: 'Month calendar of group seats', description: 'Per day, how full the trains are for groups.' },
  'GET /v1/allotments/{service_day}': { id: 'inventory.day', summary: 'A day\'s allotments', description: 'Every train of the day with its allotments per leg.' },
  'GET /v1/inventories/{date}/services/{service_id}': {
    id: 'inventory.service',
    summary: 'One train\'s inventory',
    description: 'Allotments, holds and seats of one train on one day. With the group\'s link (`base_booking_id` and `token`, no sign-in): a train running the booking\'s way on one of its days, for group seats, wheelchair and standing places only; a seat names the booking when it is the group\'s own and no other booking ever. Another day, train direction or arrangement type: 403 `FORBIDDEN` naming the field; a wrong token: 404.',
    examples: { query: { base_booking_id: '27061001', token: 'k3Jx9mQ2vR7tYp4LwZ8aBc1dEf5gHi6j' } },
  },
  'PUT /v1/inventories/arrangements': { id: 'inventory.adjustArrangements', summary: 'Move seats between allotments', description: 'Moves seats of one train between arrangement types; held or assigned seats cannot move.', errors: ['SEAT_HELD_OR_ASSIGNED', 'SEATS_FRAGMENTED'] },
  'POST /v1/search-inventory': {
    id: 'inventory.search',
    summary: 'Find trains with room',
    description: 'Trains with enough free seats for a group between two stations on a day (POST for its filters, nothing is written). With the group\'s link (`booking_id` and `token` in the query, no sign-in): only a day of the booking and its segment that day; otherwise 403 `FORBIDDEN` naming `date` or `from_station_id`, and for a cancelled or refused booking naming `booking_id`; a wrong token: 404.',
    examples: { query: { booking_id: '27061001', token: 'k3Jx9mQ2vR7tYp4LwZ8aBc1dEf5gHi6j' } },
  },
  'GET /v1/search-inventory/{date}/{arrangement_type_ids}': {
    id: 'inventory.searchByType',
    summary: 'Free seats by arrangement type',
    description: 'Each train of the day with its capacity and holds per leg for the arrangement types named. With the group\'s link (`booking_id` and `token`, no sign-in): one of the booking\'s days, the trains running its way, and group seats, wheelchair and standing places only (another type: 403 `FORBIDDEN` naming `arrangement_type_ids`).',
  },
  'PUT /v1/services/{service_ids}/status': { id: 'inventory.setServiceStatus', summary: 'Suspend or hold the sale of trains', description: 'Sets trains on a day to on sale, on hold or suspended.', errors: ['SERVICE_SUSPENDED'] },
  'GET /v1/services/{service_ids}/affected-bookings': { id: 'inventory.listAffectedBookings', summary: 'List the bookings on trains', description: 'The bookings a suspension of these trains would affect.' },
})];

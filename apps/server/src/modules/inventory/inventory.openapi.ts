/** The contract of the inventory calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const inventoryContract: AreaContract[] = [defineArea('inventory', 'Allotments: how many seats each train holds per arrangement type and leg, what is held and sold, and the sale status of trains.', {
  'GET /v1/allotments/calendar/{year}/{month}': { id: 'inventory.calendar', summary: 'Month calendar of group seats', description: 'Per day, how full the trains are for groups.' },
  'GET /v1/allotments/{service_day}': { id: 'inventory.day', summary: 'A day\'s allotments', description: 'Every train of the day with its allotments per leg.' },
  'GET /v1/inventories/{date}/services/{service_id}': { id: 'inventory.service', summary: 'One train\'s inventory', description: 'Allotments, holds and seats of one train on one day.' },
  'PUT /v1/inventories/arrangements': { id: 'inventory.adjustArrangements', summary: 'Move seats between allotments', description: 'Moves seats of one train between arrangement types; held or assigned seats cannot move.', errors: ['SEAT_HELD_OR_ASSIGNED', 'SEATS_FRAGMENTED'] },
  'POST /v1/search-inventory': { id: 'inventory.search', summary: 'Find trains with room', description: 'Trains with enough free seats for a group between two stations on a day (POST for its filters, nothing is written).' },
  'GET /v1/search-inventory/{date}/{arrangement_type_ids}': { id: 'inventory.searchByType', summary: 'Free seats by arrangement type' },
  'PUT /v1/services/{service_ids}/status': { id: 'inventory.setServiceStatus', summary: 'Suspend or hold the sale of trains', description: 'Sets trains on a day to on sale, on hold or suspended.', errors: ['SERVICE_SUSPENDED'] },
  'GET /v1/services/{service_ids}/affected-bookings': { id: 'inventory.listAffectedBookings', summary: 'List the bookings on trains', description: 'The bookings a suspension of these trains would affect.' },
})];

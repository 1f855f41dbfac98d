/** The contract of the reference calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const referenceContract: AreaContract[] = [defineArea('reference', 'Stations, units (fare types), trains and arrangement types: the reference lists the other calls use by id.', {
  'GET /v1/stations': { id: 'reference.listStations', summary: 'List stations', description: 'The four stations of the line, in order, with their names in Japanese and English.' },
  'GET /v1/units': { id: 'reference.listUnits', summary: 'List units (fare types)', description: 'Adult, child and the other fare types participants are counted in (`unit_id`), and the luggage and change-handling-fee items (LUGGAGE, CHANGE_HANDLE_FEE: priced per piece and direction, not participants).' },
  'GET /v1/trains': { id: 'reference.listTrains', summary: 'List trains' },
  'GET /v1/arrangements-types': { id: 'reference.listArrangementsTypes', summary: 'List arrangement types (spec path)', description: 'The same list as `GET /v1/arrangement-types`, under the path the specification names.' },
  'GET /v1/arrangement-types': { id: 'reference.listArrangementTypes', summary: 'List arrangement types', description: 'Group, individual, wheelchair and the other allotment kinds.' },
})];

/** The contract of the timetable calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const timetableContract: AreaContract[] = [defineArea('timetable', 'The timetable: service terms, trains, the pattern calendar, special days and the daily running trains.', {
  'GET /v1/service-terms': { id: 'timetable.listServiceTerms', summary: 'List service terms' },
  'POST /v1/service-terms': { id: 'timetable.createServiceTerm', summary: 'Add a service term', description: 'The change waits for approval.', errors: ['SERVICE_TERM_OVERLAP'] },
  'GET /v1/service-terms/{id}/services': { id: 'timetable.listServices', summary: 'List a term\'s trains' },
  'POST /v1/service-terms/{id}/services': { id: 'timetable.createService', summary: 'Add a train to a term', description: 'The change waits for approval.' },
  'PUT /v1/services/{id}': { id: 'timetable.updateService', summary: 'Change a train', description: 'The change waits for approval; direction and the special flag stay once inventory exists.', errors: ['NO_CHANGES', 'SERVICE_IN_USE'] },
  'DELETE /v1/services/{id}': { id: 'timetable.deleteService', summary: 'Remove a train', description: 'The change waits for approval; a train with bookings cannot be removed.', errors: ['SERVICE_IN_USE'] },
  'GET /v1/service-terms/{id}/services/pattern-calendar': { id: 'timetable.getPatternCalendar', summary: 'Read a term\'s pattern calendar' },
  'PUT /v1/service-terms/{id}/services/pattern-calendar': { id: 'timetable.updatePatternCalendar', summary: 'Change a term\'s pattern calendar', description: 'The change waits for approval.', errors: ['NO_CHANGES'] },
  'GET /v1/service-terms/{id}/services/special-days': { id: 'timetable.getSpecialDays', summary: 'Read a term\'s special days' },
  'PUT /v1/service-terms/{id}/services/special-days': { id: 'timetable.updateSpecialDays', summary: 'Change a term\'s special days', description: 'The change waits for approval.', errors: ['NO_CHANGES'] },
  'GET /v1/daily-services/{date}': { id: 'timetable.daily', summary: 'Trains running on a day' },
  'GET /v1/diagrams': { id: 'timetable.diagrams', summary: 'Train diagrams' },
  'GET /v1/search-services': { id: 'timetable.searchServices', summary: 'Find trains', description: 'Trains by day, direction and stations.' },
  'GET /v1/services-pattern-calendar/{year_month}': { id: 'timetable.monthPatternCalendar', summary: 'Pattern calendar of a month' },
})];

/** The contract of the dashboard calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const dashboardContract: AreaContract[] = [defineArea('dashboard', 'The operator\'s home screens: what needs doing today in the back office, and the trains of a day with the groups riding them.', {
  'GET /v1/dashboard/summary': {
    id: 'dashboard.getSummary',
    summary: 'Count what needs doing',
    description: 'Tokyo\'s today and tomorrow by the server\'s clock, and the counts of the back office\'s open work: new requests, change and cancellation requests waiting, approvals waiting, overdue payments, waitlisted requests and waitlist promotions whose train has not left. Each count is exactly what the booking list (or the approvals screen) shows with the matching filter. Station staff and agents are refused (403).',
    examples: {
      response: {
        today: '2027-06-10',
        tomorrow: '2027-06-11',
        counts: { new_requests: 4, changes_waiting: 1, cancellations_waiting: 0, approvals_waiting: 2, payments_overdue: 3, waitlisted: 1, waitlist_promotions: 0 },
      },
    },
  },
  'GET /v1/dashboard/departures': {
    id: 'dashboard.listDepartures',
    summary: 'List a day\'s trains with their groups',
    description: 'The trains of one day (`date`, Tokyo\'s today when absent) that carry groups riding them (confirmed bookings, including those with a change or cancellation request open), each with its groups, headcounts (adults, children, wheelchairs and boarding slopes) and whether the caller may open the group\'s seat table now. For the back office and station staff; agents are refused (403).',
    examples: {
      query: { date: '2027-06-10' },
      response: {
        date: '2027-06-10',
        trains: [{
          service_id: 1,
          service_name: [{ language_id: 'ja', text: '嵯峨野1号' }, { language_id: 'en', text: 'Sagano 1' }],
          direction: 'down',
          departure_time: '09:02',
          groups: [{
            booking_id: '15189260', group_name: 'Aoba Club', agent_name: '京都さくら旅行', agent_name_en: 'Kyoto Sakura Travel', status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED',
            from_station_id: 1, to_station_id: 4, adults: 21, children: 2, participants: 23, wheelchairs: 1, wheelchair_slopes: 0, can_show_seat_table: true,
          }],
          adults: 21, children: 2, participants: 23, wheelchairs: 1,
        }],
      },
    },
  },
})];

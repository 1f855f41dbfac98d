/** The contract of the reports calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, dispositionHeader, fileAnswer, type AreaContract } from '../../plugins/openapi-contract.ts';

/** A download: the CSV in the encoding asked for (`encoding`: UTF-8 or Shift_JIS), streamed as an attachment. */
const csv = { response: fileAnswer('The CSV, `text/csv; charset=utf-8` or `text/csv; charset=Shift_JIS` as `encoding` asks.', ['text/csv'], dispositionHeader('`attachment; filename="<report>_<from yyyyMMdd>-<to yyyyMMdd>.csv"`')) };

export const reportsContract: AreaContract[] = [defineArea('reports', 'CSV exports: bookings, sales, trains, prepaid agent payments and the booking summary. Each has a count call (how many rows the filters give) and its download.', {
  'GET /v1/csv/bookings': { id: 'reports.countBookings', summary: 'Count the rows of a bookings export' },
  'GET /v1/csv/bookings/download': { id: 'reports.downloadBookings', summary: 'Download bookings as CSV', media: csv },
  'GET /v1/csv/sales': { id: 'reports.countSales', summary: 'Count the rows of a sales export' },
  'GET /v1/csv/sales/download': { id: 'reports.downloadSales', summary: 'Download sales as CSV', media: csv },
  'GET /v1/csv/services': { id: 'reports.countServices', summary: 'Count the rows of a trains export' },
  'GET /v1/csv/services/download': { id: 'reports.downloadServices', summary: 'Download trains as CSV', media: csv },
  'GET /v1/csv/prepaid-agent-payment': { id: 'reports.countPrepaidAgentPayments', summary: 'Count the rows of a prepaid agent payments export' },
  'GET /v1/csv/prepaid-agent-payment/download': { id: 'reports.downloadPrepaidAgentPayments', summary: 'Download prepaid agent payments as CSV', media: csv },
  'GET /v1/csv/booking-summary': { id: 'reports.countBookingSummary', summary: 'Count the rows of a booking summary export' },
  'GET /v1/csv/booking-summary/download': { id: 'reports.downloadBookingSummary', summary: 'Download the booking summary as CSV', media: csv },
})];

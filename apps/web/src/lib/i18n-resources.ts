import type { ErrorCode } from '@sagano/domain/common/errors';
import jaArrangements from '../locales/ja/arrangements.json';
import jaAuth from '../locales/ja/auth.json';
import jaCommon from '../locales/ja/common.json';
import jaDashboard from '../locales/ja/dashboard.json';
import jaErrors from '../locales/ja/errors.json';
import jaInventory from '../locales/ja/inventory.json';
import jaMails from '../locales/ja/mails.json';
import jaOperationLogs from '../locales/ja/operationLogs.json';
import jaJobs from '../locales/ja/jobs.json';
import jaPricing from '../locales/ja/pricing.json';
import jaSeatMap from '../locales/ja/seatMap.json';
import jaShell from '../locales/ja/shell.json';
import jaUsers from '../locales/ja/users.json';
import jaTimetable from '../locales/ja/timetable.json';
import jaApprovals from '../locales/ja/approvals.json';
import jaBookings from '../locales/ja/bookings.json';
import jaNotifications from '../locales/ja/notifications.json';
import jaSeats from '../locales/ja/seats.json';
import jaCustomer from '../locales/ja/customer.json';
import jaAgents from '../locales/ja/agents.json';
import jaPortal from '../locales/ja/portal.json';
import jaMasterData from '../locales/ja/masterData.json';
import jaPayments from '../locales/ja/payments.json';
import jaPaymentList from '../locales/ja/paymentList.json';
import jaSettlements from '../locales/ja/settlements.json';
import jaSales from '../locales/ja/sales.json';
import jaReports from '../locales/ja/reports.json';
import jaBulkOperations from '../locales/ja/bulkOperations.json';
import jaMessages from '../locales/ja/messages.json';
import enArrangements from '../locales/en/arrangements.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enErrors from '../locales/en/errors.json';
import enInventory from '../locales/en/inventory.json';
import enMails from '../locales/en/mails.json';
import enOperationLogs from '../locales/en/operationLogs.json';
import enJobs from '../locales/en/jobs.json';
import enPricing from '../locales/en/pricing.json';
import enSeatMap from '../locales/en/seatMap.json';
import enShell from '../locales/en/shell.json';
import enUsers from '../locales/en/users.json';
import enTimetable from '../locales/en/timetable.json';
import enApprovals from '../locales/en/approvals.json';
import enBookings from '../locales/en/bookings.json';
import enNotifications from '../locales/en/notifications.json';
import enSeats from '../locales/en/seats.json';
import enCustomer from '../locales/en/customer.json';
import enAgents from '../locales/en/agents.json';
import enPortal from '../locales/en/portal.json';
import enMasterData from '../locales/en/masterData.json';
import enPayments from '../locales/en/payments.json';
import enPaymentList from '../locales/en/paymentList.json';
import enSettlements from '../locales/en/settlements.json';
import enSales from '../locales/en/sales.json';
import enReports from '../locales/en/reports.json';
import enBulkOperations from '../locales/en/bulkOperations.json';
import enMessages from '../locales/en/messages.json';

/** One namespace per feature; ja is the reference language the keys are typed from. */
export const ja = {
  common: jaCommon,
  shell: jaShell,
  auth: jaAuth,
  dashboard: jaDashboard,
  users: jaUsers,
  seatMap: jaSeatMap,
  arrangements: jaArrangements,
  timetable: jaTimetable,
  approvals: jaApprovals,
  operationLogs: jaOperationLogs,
  pricing: jaPricing,
  mails: jaMails,
  inventory: jaInventory,
  bookings: jaBookings,
  notifications: jaNotifications,
  seats: jaSeats,
  customer: jaCustomer,
  agents: jaAgents,
  portal: jaPortal,
  masterData: jaMasterData,
  payments: jaPayments,
  paymentList: jaPaymentList,
  settlements: jaSettlements,
  sales: jaSales,
  reports: jaReports,
  jobs: jaJobs,
  bulkOperations: jaBulkOperations,
  messages: jaMessages,
  // Every error code of the API has a message (the locales test checks en against ja).
  errors: jaErrors satisfies Record<ErrorCode, string>,
};

export type Resources = typeof ja;
export type Namespace = keyof Resources;

// Typed as ja: a key missing from en fails the type check (the locales test also catches extra keys).
export const en: Resources = {
  common: enCommon,
  shell: enShell,
  auth: enAuth,
  dashboard: enDashboard,
  users: enUsers,
  seatMap: enSeatMap,
  arrangements: enArrangements,
  timetable: enTimetable,
  approvals: enApprovals,
  operationLogs: enOperationLogs,
  pricing: enPricing,
  mails: enMails,
  inventory: enInventory,
  bookings: enBookings,
  notifications: enNotifications,
  seats: enSeats,
  customer: enCustomer,
  agents: enAgents,
  portal: enPortal,
  masterData: enMasterData,
  payments: enPayments,
  paymentList: enPaymentList,
  settlements: enSettlements,
  sales: enSales,
  reports: enReports,
  jobs: enJobs,
  bulkOperations: enBulkOperations,
  messages: enMessages,
  errors: enErrors,
};

export const NAMESPACES = Object.keys(ja) as Namespace[];

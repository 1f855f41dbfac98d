/**
 * Every area's contract (ADR 014): one `<area>.openapi.ts` beside each area's routes. A route
 * without its entry fails the contract test (apps/server/test/openapi-contract.test.ts), which
 * names it and the file to write it in.
 */
import type { AreaContract } from './plugins/openapi-contract.ts';
import { agentsContract } from './modules/agents/agents.openapi.ts';
import { apiKeysContract } from './modules/api-keys/api-keys.openapi.ts';
import { approvalsContract } from './modules/approvals/approvals.openapi.ts';
import { arrangementsContract } from './modules/arrangements/arrangements.openapi.ts';
import { auditContract } from './modules/audit/audit.openapi.ts';
import { authContract } from './modules/auth/auth.openapi.ts';
import { backupContract } from './modules/backup/backup.openapi.ts';
import { bookingsContract } from './modules/bookings/bookings.openapi.ts';
import { bulkOperationsContract } from './modules/bulk-operations/bulk-operations.openapi.ts';
import { dashboardContract } from './modules/dashboard/dashboard.openapi.ts';
import { inventoryContract } from './modules/inventory/inventory.openapi.ts';
import { invoicesContract } from './modules/invoices/invoices.openapi.ts';
import { jobsContract } from './modules/jobs/jobs.openapi.ts';
import { mailContract } from './modules/mail/mail.openapi.ts';
import { masterDataContract } from './modules/master-data/master-data.openapi.ts';
import { messagesContract } from './modules/messages/messages.openapi.ts';
import { notificationsContract } from './modules/notifications/notifications.openapi.ts';
import { paymentsContract } from './modules/payments/payments.openapi.ts';
import { pricingContract } from './modules/pricing/pricing.openapi.ts';
import { referenceContract } from './modules/reference/reference.openapi.ts';
import { reportsContract } from './modules/reports/reports.openapi.ts';
import { salesContract } from './modules/sales/sales.openapi.ts';
import { seatsContract } from './modules/seats/seats.openapi.ts';
import { settlementsContract } from './modules/settlements/settlements.openapi.ts';
import { timetableContract } from './modules/timetable/timetable.openapi.ts';
import { usersContract } from './modules/users/users.openapi.ts';
import { realtimeContract } from './realtime/realtime.openapi.ts';

/** In the reference page's order: the booking flow first, then what surrounds it. */
export const API_AREAS: readonly AreaContract[] = [
  ...bookingsContract, ...referenceContract, ...inventoryContract, ...seatsContract, ...paymentsContract, ...invoicesContract,
  ...settlementsContract, ...notificationsContract, ...realtimeContract, ...dashboardContract, ...messagesContract, ...authContract,
  ...apiKeysContract, ...usersContract, ...agentsContract, ...timetableContract, ...pricingContract, ...masterDataContract,
  ...arrangementsContract, ...approvalsContract, ...salesContract, ...reportsContract,
  ...bulkOperationsContract, ...jobsContract, ...mailContract, ...auditContract, ...backupContract,
];

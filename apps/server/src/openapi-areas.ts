/**
 * Every area's contract (ADR 014): one `<area>.openapi.ts` beside each area's routes. A route
 * without its entry fails the contract test (apps/server/test/openapi-contract.test.ts), which
 * names it and the file to write it in.
 */
import type { AreaContract } from './plugins/openapi-contract.ts';
import { agentsContract } from './modules/agents/index.ts';
import { apiKeysContract } from './modules/api-keys/index.ts';
import { approvalsContract } from './modules/approvals/index.ts';
import { arrangementsContract } from './modules/arrangements/index.ts';
import { auditContract } from './modules/audit/index.ts';
import { authContract } from './modules/auth/index.ts';
import { backupContract } from './modules/backup/index.ts';
import { bookingsContract } from './modules/bookings/index.ts';
import { bulkOperationsContract } from './modules/bulk-operations/index.ts';
import { dashboardContract } from './modules/dashboard/index.ts';
import { inventoryContract } from './modules/inventory/index.ts';
import { invoicesContract } from './modules/invoices/index.ts';
import { jobsContract } from './modules/jobs/index.ts';
import { mailContract } from './modules/mail/index.ts';
import { masterDataContract } from './modules/master-data/index.ts';
import { instantConfirmationContract } from './modules/instant-confirmation/index.ts';
import { messagesContract } from './modules/messages/index.ts';
import { notificationsContract } from './modules/notifications/index.ts';
import { paymentsContract } from './modules/payments/index.ts';
import { pricingContract } from './modules/pricing/index.ts';
import { referenceContract } from './modules/reference/index.ts';
import { reportsContract } from './modules/reports/index.ts';
import { salesContract } from './modules/sales/index.ts';
import { seatsContract } from './modules/seats/index.ts';
import { settlementsContract } from './modules/settlements/index.ts';
import { timetableContract } from './modules/timetable/index.ts';
import { usersContract } from './modules/users/index.ts';
import { webhooksContract } from './modules/webhooks/index.ts';
import { realtimeContract } from './realtime/realtime.openapi.ts';

/** In the reference page's order: the booking flow first, then what surrounds it. */
export const API_AREAS: readonly AreaContract[] = [
  ...bookingsContract, ...referenceContract, ...inventoryContract, ...seatsContract, ...paymentsContract, ...invoicesContract,
  ...settlementsContract, ...notificationsContract, ...realtimeContract, ...dashboardContract, ...messagesContract, ...authContract,
  ...apiKeysContract, ...webhooksContract, ...usersContract, ...agentsContract, ...timetableContract, ...pricingContract, ...masterDataContract, ...instantConfirmationContract,
  ...arrangementsContract, ...approvalsContract, ...salesContract, ...reportsContract,
  ...bulkOperationsContract, ...jobsContract, ...mailContract, ...auditContract, ...backupContract,
];

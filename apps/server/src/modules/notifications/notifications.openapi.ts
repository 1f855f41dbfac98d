/** The contract of the notifications calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

/** Station staff have no inbox: the operator's side of it is the back office's. */
const INBOX = 'The caller\'s inbox: the back office reads the operator\'s side, an agent\'s head office its agent\'s and a branch its own branch\'s; station staff have none (403).';

export const notificationsContract: AreaContract[] = [defineArea('notifications', 'Notices about bookings and payments for the operator\'s staff and agents, with their read state shared by everyone of the same inbox.', {
  'GET /v1/notifications/booking': { id: 'notifications.listBooking', summary: 'List booking notices', description: `Booking notices, newest first, a page at a time; \`unread=true\` for the unread ones only. ${INBOX}`, errors: ['FORBIDDEN'] },
  'GET /v1/notifications/payment': { id: 'notifications.listPayment', summary: 'List payment notices', description: `Payment notices, newest first, a page at a time; \`unread=true\` for the unread ones only. ${INBOX}`, errors: ['FORBIDDEN'] },
  'GET /v1/notifications/unread-count': {
    id: 'notifications.countUnread',
    summary: 'Count unread notices',
    description: `How many notices of the caller's inbox are unread, per category and in all (the sidebar's badge). ${INBOX}`,
    errors: ['FORBIDDEN'],
    examples: { response: { booking: 3, payment: 1, total: 4 } },
  },
  'PUT /v1/notifications/{notification_id}/read': {
    id: 'notifications.markRead',
    summary: 'Mark a notice read',
    description: `Marks one notice read for its whole inbox (everyone who shares it sees it read). Marking a read notice again keeps its first reader and time. A notice outside the caller's inbox answers 404. ${INBOX}`,
    errors: ['FORBIDDEN'],
    examples: { response: { notification_id: 581, is_read: true, read_at: '2027-06-10T00:12:30.000Z' } },
  },
  'POST /v1/notifications/read-all': {
    id: 'notifications.markAllRead',
    summary: 'Mark every notice read',
    description: `Marks every unread notice of the caller's inbox read, of one \`category\` or (no body, or no category) both. Answers how many were marked. ${INBOX}`,
    errors: ['FORBIDDEN'],
    examples: { request: { category: 'booking' }, response: { marked: 3 } },
  },
  'DELETE /v1/notifications/{notification_id}': { id: 'notifications.delete', summary: 'Dismiss a notice', description: `Hides the notice for everyone of its inbox. A notice outside the caller's inbox answers 404. ${INBOX}`, errors: ['FORBIDDEN'] },
})];

/** The contract of the notifications calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const notificationsContract: AreaContract[] = [
  defineArea({
    tag: 'notifications',
    tagDescription: 'Notices about bookings and payments for the operator\'s staff and agents.',
    operations: {
      'GET /v1/notifications/booking': { id: 'notifications.listBooking', summary: 'List booking notices' },
      'GET /v1/notifications/payment': { id: 'notifications.listPayment', summary: 'List payment notices' },
      'DELETE /v1/notifications/{notification_id}': { id: 'notifications.delete', summary: 'Dismiss a notice' },
    },
  }),
];

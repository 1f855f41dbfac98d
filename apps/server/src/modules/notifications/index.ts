/** The notifications module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { notificationsContract } from './notifications.openapi.ts';
export { deleteGroupNotifications, insertBookingNotificationRows, insertNotification, insertOperatorNotification, newBookingNotificationsSql, type NotificationDetail } from './notifications.repository.ts';
export { notificationsRoutes } from './notifications.routes.ts';

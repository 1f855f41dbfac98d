/**
 * The query-key roots of every feature, in one place (ADR 008). Each feature's keys start with
 * its root, so invalidating a root refreshes everything that feature shows; a live update (a
 * server event naming an area) can invalidate `queryRoots[area]` without importing the feature.
 */
export const queryRoots = {
  agents: ['agents'],
  approvals: ['approvals'],
  arrangements: ['arrangements'],
  bookings: ['bookings'],
  bulkOperations: ['bulk-operations'],
  customer: ['customer'],
  inventory: ['inventory'],
  jobs: ['jobs'],
  masterData: ['master-data'],
  messages: ['messages'],
  notifications: ['notifications'],
  operationLogs: ['operation-logs'],
  outboxMails: ['outbox-mails'],
  payments: ['payments'],
  portal: ['portal'],
  pricing: ['pricing'],
  reference: ['reference'],
  settlements: ['settlements'],
  timetable: ['timetable'],
  users: ['users'],
} as const;

export type QueryRoot = keyof typeof queryRoots;

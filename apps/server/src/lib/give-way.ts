/**
 * Long work gives way to requests (ADR 017): a job between its small transactions, a long layout
 * (a monthly invoice's rows) between slices. On the embedded database every statement runs on the
 * server's own thread and answers through a promise, so a job's chain of awaited statements never
 * lets the event loop reach its sockets or timers: without a turn of the loop no request is even
 * read until the job has ended. One `setImmediate` turn lets in whatever arrived meanwhile (each
 * request queues its statements before the job queues its next transaction); on PostgreSQL it
 * costs microseconds.
 */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

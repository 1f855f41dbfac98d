/**
 * Long work gives way to requests (ADR 017): a job between its small transactions (giveWay), a
 * long layout such as a monthly invoice's rows between slices (turnOfTheLoop). On the embedded
 * database every statement runs on the server's own thread and answers through a promise, so a
 * job's chain of awaited statements never lets the event loop reach its sockets or timers: without
 * a turn of the loop no request is even read until the job has ended. A `setImmediate` turn lets
 * in whatever arrived meanwhile; then, where the server counts the requests it is answering
 * (plugins/requests-first.ts, on the embedded database), the job also waits until none is left (an
 * answer's compression and sending take turns of their own, each of which would otherwise let one
 * more job transaction in first), for at most MAX_WAIT_MS so that a server never idle still gets
 * its jobs done. On PostgreSQL requests have connections of their own: nothing is counted and the
 * turn costs microseconds.
 */

/** The longest a job waits for the requests in flight before its next transaction. */
export const MAX_WAIT_MS = 250;

let inFlight = 0;
let idleWaiters: (() => void)[] = [];

/** Counts one request being answered; the answer is the function that ends it (once, whatever calls it). */
export function requestStarted(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    if (inFlight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  };
}

/** The requests counted now (tests: none is left counted once its answer has gone). */
export function requestsInFlight(): number {
  return inFlight;
}

/**
 * One turn of the event loop and nothing more: for CPU-bound work that may run inside a
 * transaction (a long layout), where waiting for requests would wait for requests that wait for
 * this very transaction's connection.
 */
export function turnOfTheLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Before a job's next transaction, never inside one (see turnOfTheLoop). */
export async function giveWay(): Promise<void> {
  await turnOfTheLoop();
  if (inFlight === 0) return;
  await new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      idleWaiters = idleWaiters.filter((w) => w !== wake);
      resolve();
    };
    const timer = setTimeout(wake, MAX_WAIT_MS);
    idleWaiters.push(wake);
  });
}

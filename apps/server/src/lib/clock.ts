/**
 * The Clock port: where the server, its services and its jobs take "now" and "today" from, so
 * tests (and a rerun of a scheduled job for a past day) can pin time. Production uses the system
 * clock; nothing else in the server calls `new Date()` for a business decision.
 */
import { tokyoDateOf } from '@sagano/domain/common/business-date';

export interface Clock {
  /** The current instant. */
  now(): Date;
  /** Today in Asia/Tokyo (yyyy-MM-dd): the operator's business date. */
  today(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => tokyoDateOf(new Date()),
};

/** A clock fixed at one instant (tests); `set` moves it. */
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let instant = new Date(at);
  return {
    now: () => new Date(instant),
    today: () => tokyoDateOf(instant),
    set(next) {
      instant = new Date(next);
    },
  };
}

/**
 * A clock that runs with real time from `at` (now by default); `advance` moves it on, `set` puts it
 * at another instant, still running (tests: a far-off season, a retry's wait passed at once).
 */
export function runningClock(at: Date | string = new Date()): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let offsetMs = new Date(at).getTime() - Date.now();
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    today: () => tokyoDateOf(now()),
    advance(ms) {
      offsetMs += ms;
    },
    set(next) {
      offsetMs = new Date(next).getTime() - Date.now();
    },
  };
}

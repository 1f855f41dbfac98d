import { afterEach, describe, expect, it, vi } from 'vitest';
import { giveWay, MAX_WAIT_MS, requestStarted, requestsInFlight, turnOfTheLoop } from './give-way.ts';

/** Whether the promise has settled after a few turns of the event loop (fake timers: the clock does not move). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('giveWay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the event loop turn and goes on at once when no request is being answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout'] });
    expect(requestsInFlight()).toBe(0);
    expect(await settled(giveWay())).toBe(true);
  });

  it('waits until every request counted has been answered, each counted once however often it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout'] });
    const first = requestStarted();
    const second = requestStarted();
    const way = giveWay();
    expect(await settled(way)).toBe(false);
    first();
    first();
    expect(requestsInFlight()).toBe(1);
    expect(await settled(way)).toBe(false);
    second();
    expect(requestsInFlight()).toBe(0);
    expect(await settled(way)).toBe(true);
  });

  it('goes on after MAX_WAIT_MS when requests keep the server busy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout'] });
    const end = requestStarted();
    const way = giveWay();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(await settled(way)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(way)).toBe(true);
    end();
    expect(requestsInFlight()).toBe(0);
  });

  it('a turn of the loop alone never waits for requests (it may run inside a transaction they wait for)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout'] });
    const end = requestStarted();
    expect(await settled(turnOfTheLoop())).toBe(true);
    end();
  });
});

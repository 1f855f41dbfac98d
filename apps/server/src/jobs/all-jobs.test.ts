import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_JOBS, loggedJob } from './all-jobs.ts';
import { oncePer, type JobLog } from './job-queue.ts';

function recordingLog() {
  const lines: { details: { err?: unknown; job: string }; message: string }[] = [];
  const log: JobLog = { warn: (details, message) => void lines.push({ details, message }) };
  return { lines, log };
}

describe("the queue's own errors told once a minute each", () => {
  it('tells a message the first time, not again within the minute, again after it; another message at once', () => {
    let now = 0;
    const first = oncePer(60_000, () => now);
    expect(first('connection refused')).toBe(true);
    now = 59_999;
    expect(first('connection refused')).toBe(false);
    expect(first('relation "pgboss.job" does not exist')).toBe(true);
    now = 60_000;
    expect(first('connection refused')).toBe(true);
    now = 60_001;
    expect(first('connection refused')).toBe(false);
  });
});

describe('a job run told in the log', () => {
  it('writes a failed run with its error, and the failure still reaches the queue', async () => {
    const { lines, log } = recordingLog();
    const error = new Error('the booking row was locked too long');
    const run = loggedJob('bookings.promote-waitlist', async () => Promise.reject(error), log);
    await expect(run({})).rejects.toBe(error);
    expect(lines).toEqual([{ details: { err: error, job: 'bookings.promote-waitlist' }, message: 'job bookings.promote-waitlist failed' }]);
  });

  it('writes a run still going past its time once, and nothing for a run that ends well in time', async () => {
    const { lines, log } = recordingLog();
    await loggedJob('mail.deliver', async () => undefined, log, 50)({});
    await new Promise((r) => setTimeout(r, 80));
    expect(lines).toEqual([]);

    await loggedJob('mail.sweep', () => new Promise<void>((r) => setTimeout(r, 120)), log, 30)({});
    expect(lines).toEqual([{ details: { job: 'mail.sweep' }, message: 'job mail.sweep still running after 0.03 s' }]);
  });
});

describe('the jobs screen', () => {
  it.each(['ja', 'en'])('names every scheduled job in %s (no job shows its code)', (language) => {
    const { names } = JSON.parse(readFileSync(new URL(`../../../web/src/locales/${language}/jobs.json`, import.meta.url), 'utf8')) as { names: Record<string, string> };
    expect(ALL_JOBS.filter((job) => job.cron && !names[job.name]).map((job) => job.name)).toEqual([]);
  });
});

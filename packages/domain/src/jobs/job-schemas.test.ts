import { describe, expect, it } from 'vitest';
import { scheduleOf } from './job-schemas.ts';

describe('scheduleOf', () => {
  it('reads the schedules the product uses', () => {
    expect(scheduleOf('* * * * *')).toEqual({ kind: 'EVERY_MINUTE' });
    expect(scheduleOf('*/5 * * * *')).toEqual({ kind: 'EVERY_MINUTES', minutes: 5 });
    expect(scheduleOf('10 0 * * *')).toEqual({ kind: 'DAILY', time: '00:10' });
    expect(scheduleOf('0 9  * * *')).toEqual({ kind: 'DAILY', time: '09:00' });
  });
  it('keeps any other cron as it is', () => {
    expect(scheduleOf('0 9 * * 1')).toEqual({ kind: 'CRON', cron: '0 9 * * 1' });
    expect(scheduleOf('99 9 * * *')).toEqual({ kind: 'CRON', cron: '99 9 * * *' });
  });
});

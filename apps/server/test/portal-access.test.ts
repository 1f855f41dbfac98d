/**
 * What the agent portal (issue 6) relies on: agent staff read the seat inquiry's availability and
 * book from it, never the back office's seat-level inventory nor the agent list; and while their
 * agent requires two-factor sign-in they have not set up, only the session and its setup answer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepAt, totpCode } from '../src/lib/totp.ts';
import { createTestApp, errorOf, type TestApp } from './test-app.ts';

let ctx: TestApp;
/** A stand-in for the built web app: the page and one screen's code. */
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(webDist, 'assets', 'two-factor-abc123.js'), 'export const Component = () => null;');
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A running day of the demo timetable some weeks ahead. */
async function someServiceDay(headers: Headers): Promise<string> {
  const now = new Date();
  for (let ahead = 1; ahead <= 3; ahead++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
    const res = await call('GET', `/v1/allotments/calendar/${month.getUTCFullYear()}/${month.getUTCMonth() + 1}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const day = (res.json().days as { date: string; service_pattern: string | null }[]).find((d) => d.service_pattern === 'ORDINARY');
    if (day) return day.date;
  }
  throw new Error('no running day in the demo timetable');
}

describe('the seat inquiry for agent staff', () => {
  it('head office and branch staff read the calendar and the day, not the seats one by one nor the agent list', async () => {
    for (const email of ['agent-free@example.com', 'branch-free@example.com']) {
      const headers = await ctx.login(email);
      const day = await someServiceDay(headers);
      const list = await call('GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`, headers);
      expect(list.statusCode, list.body).toBe(200);
      const [train] = list.json().services as { service_id: number }[];
      expect(train).toBeDefined();
      // Only availability: nothing names a booking or an agent.
      expect(list.body).not.toMatch(/booking_id|agent/);
      expect((await call('GET', `/v1/inventories/${day}/services/${train!.service_id}`, headers)).statusCode).toBe(403);
      expect((await call('GET', '/v1/agents', headers)).statusCode).toBe(403);
    }
  });
});

describe('an agent that requires two-factor sign-in', () => {
  it('holds its staff without it on the session and the setup until a code is confirmed', async () => {
    const admin = await ctx.login('agent-free@example.com');
    const me = (await call('GET', '/v1/auth/me', admin)).json().user as { agent_id: number };
    // The admin enrols first (the portal asks for that before the rule can be switched on).
    const setup = (await call('POST', '/v1/auth/totp/setup', admin)).json() as { secret: string };
    expect((await call('POST', '/v1/auth/totp/confirm', admin, { code: totpCode(setup.secret, stepAt(new Date())) })).statusCode).toBe(200);
    const policy = await call('PUT', `/v1/agents/${me.agent_id}/two_factor`, admin, { require_totp: true });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json().require_totp).toBe(true);
    // The enrolled admin carries on.
    expect((await call('GET', '/v1/auth/me', admin)).json().user.totp_setup_required).toBe(false);

    const branch = await ctx.login('branch-free@example.com');
    const held = (await call('GET', '/v1/auth/me', branch)).json().user;
    expect(held).toMatchObject({ kind: 'AGENT', role: 'groupStaff', totp_enrolled: false, totp_setup_required: true });
    for (const url of ['/v1/bookings/service_orders/search', '/v1/notifications/booking', '/v1/allotments/calendar/2058/5']) {
      const refused = await call('GET', url, branch);
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).error_code).toBe('TOTP_SETUP_REQUIRED');
    }
    // The web app itself still loads (its two-factor screen's code included), or the setup could not be shown.
    for (const url of ['/two-factor', '/assets/two-factor-abc123.js']) {
      expect((await call('GET', url, branch)).statusCode, url).toBe(200);
    }

    const own = (await call('POST', '/v1/auth/totp/setup', branch)).json() as { secret: string; qr_svg: string };
    expect(own.qr_svg).toContain('<svg');
    expect((await call('POST', '/v1/auth/totp/confirm', branch, { code: totpCode(own.secret, stepAt(new Date())) })).statusCode).toBe(200);
    expect((await call('GET', '/v1/auth/me', branch)).json().user).toMatchObject({ totp_enrolled: true, totp_setup_required: false });
    expect((await call('GET', '/v1/bookings/service_orders/search', branch)).statusCode).toBe(200);
    // Required by the agent: it cannot be turned off.
    const off = await call('DELETE', '/v1/auth/totp', branch, { code: '000000' });
    expect(errorOf(off).error_code).toBe('TOTP_REQUIRED_BY_AGENT');
  });
});

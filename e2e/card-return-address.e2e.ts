/**
 * Safe defaults of a fresh install (issue: secrets out of logs, safe defaults): a server started
 * as `npm start` starts it (demo data on, no HOST, no PUBLIC_URL) listens on 127.0.0.1 only and
 * says so; an agent browsing it at http://127.0.0.1:PORT (while PUBLIC_URL is
 * http://localhost:PORT) pays by card on the sandbox's page at the same address and comes back
 * to the booking still signed in, the payment confirmed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { freePort } from './support/free-port.ts';
import { demoDate } from './support/demo-days.ts';

const root = new URL('..', import.meta.url).pathname;
const DAY = demoDate('2027-09-09');

/** Whether something accepts a TCP connection at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let server: ChildProcess;
let dataDir: string;
let port: number;
let origin: string;
let output = '';
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  test.setTimeout(180_000);
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'sagano-e2e-defaults-'));
  // As `npm start` runs it: no HOST, no PUBLIC_URL, demo data on.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: process.env.E2E_WEB_DIST, LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
  delete env.HOST;
  delete env.PUBLIC_URL;
  delete env.DEMO_DATA;
  server = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    const ready = await fetch(`${origin}/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = workerBrowser;
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function pageAt(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  context.setDefaultTimeout(10_000);
  return { context, page: await context.newPage() };
}

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type AgentsAnswer = { agents: { id: number; agent_type: string; groups: { id: number; is_root: boolean }[] }[] };
type Booking = { main_params: { payment: { status: string; total_amount: number } | null } };

test.describe('a fresh install', () => {
  test('listens on 127.0.0.1 only, and says so at start with the address to browse', async () => {
    // The notice is written by the server's logger, which may reach its stdout just after /ready answers.
    await expect.poll(() => output, { timeout: 10_000 }).toContain(`listening on http://127.0.0.1:${port}: this machine only (demo data on, its password is published); HOST=0.0.0.0 opens it to the network`);
    expect(output).toContain(`browse http://localhost:${port} (PUBLIC_URL`);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    // Not on this machine's network addresses (where it has one beyond loopback).
    const lan = Object.values(networkInterfaces()).flatMap((list) => list ?? []).find((a) => a.family === 'IPv4' && !a.internal);
    if (lan) expect(await accepts(lan.address, port)).toBe(false);
  });

  test('takes an agent paying by card at http://127.0.0.1 back to the booking, signed in and paid', async () => {
    // Staff make and confirm a booking for the card-paying agent.
    const staff = await pageAt();
    await logIn(staff.page, 'staff@example.com');
    const day = await api<DayAnswer>(staff.page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
    const { units } = await api<UnitsAnswer>(staff.page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const { agents } = await api<AgentsAnswer>(staff.page, 'GET', '/v1/agents?per_page=100');
    const agent = agents.find((a) => a.agent_type === 'FREE')!;
    const { booking_id: bookingId } = await api<{ booking_id: string }>(staff.page, 'POST', '/v1/bookings', {
      applicant: { name: '戻先 花子', email: 'return.e2e@example.com', phone_number: '075-555-4444' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name: '戻り先テスト会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 8 }], wheel_chairs: [] },
      agent_id: agent.id,
      agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
    });
    await api(staff.page, 'POST', `/v1/bookings/${bookingId}/reserve_allotments`, {});
    await api(staff.page, 'POST', `/v1/bookings/${bookingId}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
    const fare = (await api<Booking>(staff.page, 'GET', `/v1/bookings/${bookingId}`)).main_params.payment!;
    expect(fare.status).toBe('PAYMENT_PENDING');
    await staff.context.close();

    // The agent, at 127.0.0.1: the sandbox's page is at the same address, and so is the way back.
    const { context, page } = await pageAt();
    await logIn(page, 'agent-free@example.com');
    await page.goto(`/bookings/${bookingId}`);
    const panel = page.getByTestId('payment-panel-fare');
    await visible(panel.getByTestId('payment-status').getByText('入金待ち'));
    await panel.getByRole('button', { name: 'カードで支払う' }).click();
    await page.waitForURL(`${origin}/sandbox-checkout/**`);
    await visible(page.getByTestId('sandbox-test-cards'));
    await page.getByRole('textbox', { name: 'カード番号' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: `${formatYen(fare.total_amount)} 円を支払う` }).click();
    await visible(page.getByText('お支払いが完了しました'));
    await page.waitForURL(`${origin}/bookings/${bookingId}?payment=returned`);
    // Signed in: the booking itself, not the login screen; the webhook confirms the payment.
    await visible(page.getByTestId('payment-returned').getByText('お支払いを確認しました'), 35_000);
    await visible(panel.getByTestId('payment-status').getByText('入金済み'));
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await page.getByLabel('メールアドレス').count()).toBe(0);
    await context.close();
  });
});

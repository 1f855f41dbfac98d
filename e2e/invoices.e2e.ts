/**
 * Invoices through the real screens (DESIGN §6): the FREE agent opens its confirmed booking and
 * downloads the invoice from the payment panel (a qualified invoice: registration number, 10%
 * 対象, 消費税, the total), and the group's own page links to the same invoice.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';

const run = promisify(execFile);

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launch();
  dir = await mkdtemp(join(tmpdir(), 'sagano-invoices-e2e-'));
});
afterAll(async () => {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = '2027-09-16';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type Booking = { booking_token?: string; agent_name: string; main_params: { payment: { payment_id: number; total_amount: number; invoice_url: string | null } | null } };

/** A booking for the FREE demo agent, made, held and confirmed by staff through the API. */
async function confirmedBooking(page: Page): Promise<string> {
  const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await apiAs<{ user: { agent_id: number } }>('agent-free@example.com', 'GET', '/v1/auth/me');
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '請求 太郎', email: 'invoice.e2e@example.com', phone_number: '075-555-6666' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: '請求書テスト会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** Downloads a link with the page's session and answers the PDF's text (blanks collapsed). */
async function pdfTextOf(page: Page, href: string, name: string): Promise<string> {
  const res = await page.context().request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, await res.body());
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t\u3000]+/g, ' ');
}

let bookingId = '';
let booking: Booking;
let invoiceNumber = '';

describe('invoices', () => {
  it('the agent downloads the invoice from its booking page', async () => {
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    bookingId = await confirmedBooking(staff.page);
    booking = await api<Booking>(staff.page, 'GET', `/v1/bookings/${bookingId}`);
    await staff.context.close();
    const total = booking.main_params.payment!.total_amount;

    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await page.goto(`/bookings/${bookingId}`);
    const link = page.getByTestId('payment-panel-fare').getByTestId('payment-documents-invoice');
    await visible(link);
    expect(await link.innerText()).toContain('請求書（PDF）');
    expect(await page.getByTestId('payment-panel-fare').getByTestId('payment-documents-receipt').count()).toBe(0);
    await screenshot(page, 'invoice-links-agent-ja');
    const text = await pdfTextOf(page, (await link.getAttribute('href'))!, 'agent-invoice');
    expect(text).toMatch(/請 求 書/);
    invoiceNumber = /請求書番号 (INV-\d{6})/.exec(text)![1]!;
    expect(text).toContain('登録番号');
    expect(text).toContain(`${booking.agent_name} 御中`);
    expect(text).toContain(bookingId);
    expect(text).toContain('10%対象');
    expect(text).toContain(`消費税（10%） ¥${formatYen(Math.floor(((total / 1_000_000) * 10) / 110) * 1_000_000)}`);
    expect(text).toContain(`¥${formatYen(total)}`);

    await page.goto(`/bookings/${bookingId}?lang=en`);
    await visible(page.getByTestId('payment-documents-invoice').getByText('Invoice (PDF)'));
    await screenshot(page, 'invoice-links-agent-en');
    await context.close();
  });

  it('the group\'s page links to the same invoice', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`/customer/bookings/${bookingId}?token=${encodeURIComponent(booking.booking_token!)}`);
    const link = page.getByTestId('customer-invoice-link');
    await visible(link);
    expect(await link.innerText()).toContain('請求書をダウンロード');
    await screenshot(page, 'invoice-customer-ja');
    const text = await pdfTextOf(page, (await link.getAttribute('href'))!, 'customer-invoice');
    expect(text).toContain(`請求書番号 ${invoiceNumber}`);
    await page.goto(`/customer/bookings/${bookingId}?token=${encodeURIComponent(booking.booking_token!)}&lang=en`);
    await visible(page.getByTestId('customer-invoice-link').getByText('Download the invoice (PDF)'));
    await screenshot(page, 'invoice-customer-en');
    await context.close();
  });
});

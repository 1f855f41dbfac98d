/**
 * Invoices through the real screens (DESIGN §6): the FREE agent opens its confirmed booking and
 * downloads the invoice from the payment panel (a qualified invoice: registration number, 10%
 * 対象, 消費税, the total), and the group's own page links to the same invoice.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { confirmedFreeAgentBooking, downloadedPdf } from './support/invoicing.ts';
import { demoDate } from './support/demo-days.ts';

// The tests of this file follow one another: each starts from what the one before left.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-09-16');

type Booking = { booking_token?: string; agent_name: string; main_params: { payment: { payment_id: number; total_amount: number; invoice_url: string | null } | null } };

let bookingId = '';
let booking: Booking;
let invoiceNumber = '';

test.describe('invoices', () => {
  test('the agent downloads the invoice from its booking page', async () => {
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    bookingId = await confirmedFreeAgentBooking(staff.page, DAY);
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
    const { text } = await downloadedPdf(page, (await link.getAttribute('href'))!);
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

  test('the group\'s page links to the same invoice', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`/customer/bookings/${bookingId}?token=${encodeURIComponent(booking.booking_token!)}`);
    const link = page.getByTestId('customer-invoice-link');
    await visible(link);
    expect(await link.innerText()).toContain('請求書をダウンロード');
    await screenshot(page, 'invoice-customer-ja');
    const { text } = await downloadedPdf(page, (await link.getAttribute('href'))!);
    expect(text).toContain(`請求書番号 ${invoiceNumber}`);
    await page.goto(`/customer/bookings/${bookingId}?token=${encodeURIComponent(booking.booking_token!)}&lang=en`);
    await visible(page.getByTestId('customer-invoice-link').getByText('Download the invoice (PDF)'));
    await screenshot(page, 'invoice-customer-en');
    await context.close();
  });
});

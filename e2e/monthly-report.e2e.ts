/**
 * The monthly report through the real screens (issue 17): staff drill down from 月次精算 to the
 * pending month of the monthly-invoice demo agent, download a branch's monthly invoice (a
 * qualified invoice listing its bookings), and confirm the payment (irreversible) on the
 * branch's payments screen.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import type { AgentSettlementList } from '@sagano/domain/settlements/settlement-schemas';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { downloadedPdf } from './support/invoicing.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('the monthly report', () => {
  test('staff open the pending month of the monthly agent, download a branch invoice and confirm the payment', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await sidebar(page).getByRole('link', { name: '月次精算' }).click();
    await page.waitForURL('**/monthly-report');
    await visible(page.getByRole('table', { name: '月次精算の一覧' }));
    await visible(page.getByTestId('settlement-totals'));
    await screenshot(page, 'monthly-report-ja');

    const { agent_settlements } = await api<AgentSettlementList>(page, 'GET', '/v1/settlements/agent?payment_status=UNPAID&per_page=100');
    const pending = agent_settlements.find((s) => s.payment_method === 'MONTHLY' && s.can_confirm_payment)!;
    expect(pending, 'the demo has a pending month for the monthly agent').toBeTruthy();
    await page.getByRole('link', { name: `${pending.agent.name} の ${pending.duration.from}〜${pending.duration.to} の精算を開く` }).click();
    await page.waitForURL(`**/monthly-report/${pending.agent_settlement_id}`);
    const branches = page.getByRole('table', { name: '支店別の精算' });
    await visible(branches);
    await screenshot(page, 'monthly-report-branches-ja');

    // The first branch with a monthly invoice: the PDF lists its bookings under the qualified-invoice items.
    const invoiceLink = branches.getByRole('link', { name: /^INV-\d{6}$/ }).first();
    await visible(invoiceLink);
    const number = (await invoiceLink.innerText()).trim();
    const invoice = await downloadedPdf(page, (await invoiceLink.getAttribute('href'))!);
    expect(invoice.text).toContain(`請求書番号 ${number}`);
    expect(invoice.text).toContain('登録番号');
    expect(invoice.text).toContain('10%対象');
    expect(invoice.text).toContain(`${pending.agent.name}`);

    const row = branches.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await row.getByRole('link', { name: /のお支払いを開く$/ }).click();
    await page.waitForURL(/\/monthly-report\/payment\/\d+$/);
    await visible(page.getByRole('table', { name: '精算対象のお支払い' }));
    await page.getByRole('button', { name: '入金確認' }).click();
    const dialog = page.getByRole('dialog', { name: '入金確認' });
    await visible(dialog.getByText('この操作は取り消せません', { exact: false }));
    await dialog.getByLabel('備考').fill('サガノトクヤク 振込');
    await screenshot(page, 'monthly-report-confirm-ja');
    await dialog.getByRole('button', { name: '入金を確認する' }).click();
    await visible(page.getByText('入金を確認しました'));
    await visible(page.getByTestId('payment-status').getByText('入金済み'));
    expect(await page.getByRole('button', { name: '入金確認' }).count()).toBe(0);

    const after = await api<AgentSettlementList>(page, 'GET', `/v1/settlements/agent?agent_id=${pending.agent.agent_id}&per_page=100`);
    expect(after.agent_settlements.find((s) => s.agent_settlement_id === pending.agent_settlement_id)).toMatchObject({ payment_status: 'PAID', is_paid: true });

    await page.goto('/monthly-report?lang=en');
    await visible(page.getByRole('table', { name: 'Monthly settlements' }));
    await screenshot(page, 'monthly-report-en');
    await context.close();
  });
});

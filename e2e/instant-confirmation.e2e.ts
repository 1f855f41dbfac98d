import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { agentRequest } from './support/agent-request.ts';
import { apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday months ahead, outside the other journeys' days: plenty of seats on its trains.
const DAY = demoDate('2027-09-16');
const RULE = '京都さくら旅行・画面申込30名以下';
const AGENT = 'agent-free@example.com';
const applicant = { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' };

type BookingAnswer = { status: string; channel: string; instant_confirmation_rule: { id: number; name: string } | null };

test.describe('instant confirmation rules', () => {
  test('an admin adds a rule, another person approves it, a request is confirmed instantly and shows the rule; turned off, the next request waits (ja and en)', async () => {
    test.setTimeout(420_000);
    const admin = await freshPage(browser, 1400, 1000);
    const page = admin.page;
    await logIn(page, 'admin@example.com');
    await page.getByRole('link', { name: '即時確定ルール' }).click();
    await page.waitForURL('**/instant-confirmation-rules');
    // The demo's example rule is there, off.
    await visible(page.getByRole('cell', { name: '30名以下・14日以上前・残席に余裕のある列車（例）' }));
    await page.getByRole('button', { name: 'ルールを追加' }).click();
    const form = page.getByRole('form', { name: '即時確定ルールの追加' });
    await form.getByLabel('ルール名').fill(RULE);
    await form.getByRole('radio', { name: '指定した代理店' }).check();
    await form.getByRole('combobox', { name: '対象の代理店' }).click();
    await page.getByRole('option', { name: '京都さくら旅行' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('checkbox', { name: '代理店システム（API）' }).uncheck();
    await form.getByLabel('人数の上限（名）').fill('30');
    await form.getByLabel('乗車日までの日数（以上）').fill('14');
    await screenshot(page, 'instant-rule-form-ja');
    await form.getByRole('button', { name: '承認を申請' }).click();
    await visible(page.getByText('ルールの追加を申請しました'));
    const pendingRow = page.getByRole('row').filter({ hasText: RULE });
    await visible(pendingRow.getByText('承認待ち'));
    await screenshot(page, 'instant-rules-pending-ja');

    // Another person approves it; the approval job applies it.
    const staff = await freshPage(browser, 1400, 1000);
    await logIn(staff.page, 'staff@example.com');
    await staff.page.goto('/approvals');
    const approvalRow = staff.page.getByRole('row').filter({ hasText: `ルール「${RULE}」` });
    await approvalRow.getByRole('button', { name: '承認' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: '承認' }).click();
    await visible(staff.page.getByText('承認しました。変更はまもなく反映されます。'));
    await screenshot(staff.page, 'instant-rule-approval-ja');
    // The job applies it in the background (the list updates live; a reload is the fallback).
    const applied = staff.page.getByRole('row').filter({ hasText: `ルール「${RULE}」` }).getByText('反映済み');
    for (let i = 0; i < 6; i++) {
      try {
        await visible(applied, 5_000);
        break;
      } catch {
        await staff.page.reload();
      }
    }
    await visible(applied);
    await staff.context.close();

    await page.reload();
    const ruleRow = page.getByRole('row').filter({ hasText: RULE });
    await visible(ruleRow.getByText('有効'));
    expect(await ruleRow.getByText('承認待ち').count()).toBe(0);
    await screenshot(page, 'instant-rules-ja');

    // The agent's request meets it: reserved and confirmed as it is submitted.
    const confirmed = await agentRequest({ agent: AGENT, day: DAY, adults: 20, groupName: '嵐山さくら会', applicant, prefecture: 26 });
    expect(await apiAs<BookingAnswer>('staff@example.com', 'GET', `/v1/bookings/${confirmed}`)).toMatchObject({ status: 'RESERVED', channel: 'PORTAL', instant_confirmation_rule: { name: RULE } });
    await page.goto(`/bookings/${confirmed}`);
    await visible(page.getByTestId('booking-instant-rule').getByText(`ルール「${RULE}」により即時確定`));
    await visible(page.getByTestId('booking-channel').getByText('代理店画面'));
    await visible(page.getByTestId('booking-status').getByText('予約確定'));
    await screenshot(page, 'instant-confirmed-booking-ja');

    // Turned off at once: the next request waits for the operator.
    await page.goto('/instant-confirmation-rules');
    await page.getByRole('switch', { name: `ルール ${RULE} の有効・停止` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '停止する' }).click();
    await visible(page.getByText('ルールを停止しました'));
    await visible(page.getByRole('row').filter({ hasText: RULE }).getByText('停止中'));
    const waiting = await agentRequest({ agent: AGENT, day: DAY, adults: 20, groupName: '嵐山もみじ会', applicant, prefecture: 26 });
    expect(await apiAs<BookingAnswer>('staff@example.com', 'GET', `/v1/bookings/${waiting}`)).toMatchObject({ status: 'SUBMITTED', instant_confirmation_rule: null });
    await page.goto(`/bookings/${waiting}`);
    await visible(page.getByTestId('booking-status').getByText('申込受付'));
    expect(await page.getByTestId('booking-instant-rule').count()).toBe(0);
    await admin.context.close();

    // The same screens in English.
    const en = await freshPage(browser, 1400, 1000);
    await logIn(en.page, 'admin@example.com', 'en');
    await en.page.getByRole('link', { name: 'Instant confirmation rules' }).click();
    await visible(en.page.getByRole('row').filter({ hasText: RULE }).getByText('Off'));
    await screenshot(en.page, 'instant-rules-en');
    await en.page.getByRole('button', { name: 'Add rule' }).click();
    await visible(en.page.getByRole('form', { name: 'Add instant confirmation rule' }));
    await screenshot(en.page, 'instant-rule-form-en');
    await en.page.getByRole('button', { name: 'Cancel' }).click();
    await en.page.goto(`/bookings/${confirmed}`);
    await visible(en.page.getByTestId('booking-instant-rule').getByText(`Confirmed instantly by rule “${RULE}”`));
    await visible(en.page.getByTestId('booking-channel').getByText('Agent screen'));
    await screenshot(en.page, 'instant-confirmed-booking-en');
    await en.context.close();
  });
});

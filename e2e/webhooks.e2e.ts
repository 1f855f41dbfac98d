/**
 * The portal's webhooks (issue 37): the agent admin adds an endpoint of its own system (a real
 * HTTP receiver started here), sees the signing secret once, a refused booking reaches the
 * receiver signed (verified with the standardwebhooks package) after a failed first attempt, the
 * delivery log shows the attempts and codes, redeliver sends the same message again, a test event,
 * the switch, rotating the secret and deleting the endpoint; looked at in Japanese and English.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { agentRequest, dayWithRoom } from './support/agent-request.ts';
import { apiAs } from './support/api.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let browser: Browser;
let server: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The statuses of the receiver's next answers (then 200). */
const script: number[] = [];

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sagano/hooks`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function verify(r: Received, secret: string) {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers) as { type: string; data: { booking_id?: string; status?: string } };
}

async function until(what: string, done: () => boolean, timeoutMs = 30_000) {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.describe('webhooks in the agent portal', () => {
  test('the agent admin adds an endpoint, a booking event reaches it signed after a retry, and the log redelivers it', async () => {
    test.setTimeout(180_000);
    const { context, page } = await freshPage(browser, 1440, 1000);
    await logIn(page, 'agent-free@example.com');
    await page.getByRole('link', { name: 'Webhook 通知' }).click();
    await page.waitForURL('**/webhooks');
    await visible(page.getByRole('heading', { name: 'Webhook 通知' }));

    // The form: every rule said under its field, a private address refused in words.
    await page.getByRole('button', { name: '送信先を追加' }).click();
    const form = page.getByRole('dialog', { name: 'Webhook 送信先の追加' });
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('送信先 URLを入力してください。'));
    await visible(form.getByText('通知するイベントを1つ以上選んでください。'));
    await form.getByLabel('送信先 URL').fill('https://192.168.10.5/hooks');
    await form.getByRole('checkbox', { name: 'お断り（予約不可）' }).check();
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('この宛先には送信できません。', { exact: false }));
    await form.getByLabel('送信先 URL').fill(receiverUrl);
    await form.getByLabel('メモ').fill('基幹予約システム');
    await form.getByRole('checkbox', { name: '予約の確定' }).check();
    await screenshot(page, 'webhook-create-ja');
    await form.getByRole('button', { name: '保存' }).click();

    const shown = page.getByRole('dialog', { name: '署名シークレット' });
    await visible(shown.getByText('このシークレットは今回しか表示されません'));
    const secret = (await shown.getByTestId('webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await visible(shown.getByRole('button', { name: 'シークレットをコピー' }));
    await screenshot(page, 'webhook-secret-ja');
    await shown.getByRole('button', { name: 'コピーしたので閉じる' }).click();
    expect(await page.content()).not.toContain(secret);

    const endpoints = page.getByRole('table', { name: 'Webhook 送信先の一覧' });
    const row = endpoints.getByRole('row').filter({ hasText: receiverUrl });
    await visible(row.getByText('基幹予約システム'));
    await visible(row.getByText('すべての支店'));
    await visible(row.getByText('お断り（予約不可）'));

    // A booking of the agent refused by the operator: the receiver answers 500 first, then takes it.
    const bookingId = await agentRequest({ agent: 'agent-free@example.com', day: await dayWithRoom(), adults: 12, groupName: 'Webhook 確認の会', applicant: { name: '山本 実', email: 'webhook-journey@example.com', phone_number: '075-000-1111' }, prefecture: 26 });
    script.push(500);
    const before = received.length;
    await apiAs('staff@example.com', 'POST', `/v1/bookings/${bookingId}/refuse_booking`, { reason: 'FULL', mail: { subject: 'お断り', body: '満席のためお受けできません。' } });
    const log = page.getByRole('table', { name: '配信履歴の一覧' });
    const delivery = log.getByRole('row').filter({ hasText: bookingId });
    await visible(delivery.getByText('送信待ち'), 20_000);
    await visible(delivery.getByText('HTTP 500'));
    await screenshot(page, 'webhook-log-retrying-ja');
    // Retried 5 s later: delivered, two attempts, both with the same message id, signed.
    await visible(delivery.getByText('配信済み'), 30_000);
    await visible(delivery.getByText('HTTP 200'));
    await expect(delivery.getByRole('cell').nth(4)).toHaveText('2');
    const attempts = received.slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.headers['webhook-id']).toBe(attempts[1]!.headers['webhook-id']);
    expect(verify(attempts[1]!, secret)).toMatchObject({ type: 'booking.refused', data: { booking_id: bookingId, status: 'NOT_RESERVED' } });

    // Redeliver: the same event again, with the same message id.
    await delivery.getByRole('button', { name: '再送' }).click();
    await visible(page.getByText('再送を受け付けました。'));
    await until('the redelivery', () => received.length === before + 3);
    expect(received.at(-1)!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    await expect(delivery.getByRole('cell').nth(4)).toHaveText('1', { timeout: 15_000 });
    await screenshot(page, 'webhooks-ja');

    // A test event.
    await row.getByRole('button', { name: `${receiverUrl} へテスト送信` }).click();
    await visible(page.getByText('テスト通知を送信しました。', { exact: false }));
    await until('the test event', () => received.length === before + 4);
    expect(verify(received.at(-1)!, secret)).toMatchObject({ type: 'webhook.test' });
    await visible(log.getByRole('row').filter({ hasText: 'テスト通知' }).getByText('配信済み'), 15_000);

    // English.
    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('table', { name: 'Webhook endpoints' }).getByText('Booking refused'));
    await visible(page.getByRole('table', { name: 'Deliveries' }).getByText('Delivered').first());
    await screenshot(page, 'webhooks-en');
    await page.getByRole('button', { name: '日本語' }).click();

    // The switch: paused, then on again.
    await row.getByRole('switch', { name: `${receiverUrl} への送信` }).click({ force: true });
    await visible(page.getByText('送信を停止しました。'));
    await visible(row.getByText('停止中'));
    await row.getByRole('switch', { name: `${receiverUrl} への送信` }).click({ force: true });
    await visible(page.getByText('送信を再開しました。'));

    // Rotating: asked first, the new secret shown once; the next notice verifies with it only.
    await row.getByRole('button', { name: `${receiverUrl} の署名シークレットを再発行` }).click();
    const rotate = page.getByRole('dialog', { name: '署名シークレットの再発行' });
    await visible(rotate.getByText('古いシークレットでは検証できなくなります', { exact: false }));
    await rotate.getByRole('button', { name: '署名シークレットを再発行' }).click();
    const again = page.getByRole('dialog', { name: '署名シークレット' });
    const rotated = (await again.getByTestId('webhook-secret-value').innerText()).trim();
    expect(rotated).not.toBe(secret);
    await again.getByRole('button', { name: 'コピーしたので閉じる' }).click();
    await row.getByRole('button', { name: `${receiverUrl} へテスト送信` }).click();
    await until('the test event after rotating', () => received.length === before + 5);
    expect(verify(received.at(-1)!, rotated)).toMatchObject({ type: 'webhook.test' });
    expect(() => verify(received.at(-1)!, secret)).toThrow();

    // Deleting: asked first, then gone with its log.
    await row.getByRole('button', { name: `${receiverUrl} を削除` }).click();
    const remove = page.getByRole('dialog', { name: '送信先の削除' });
    await visible(remove.getByText('元に戻せません', { exact: false }));
    await remove.getByRole('button', { name: '削除' }).click();
    await visible(page.getByText('送信先を削除しました。'));
    await visible(endpoints.getByText('送信先はまだありません。'));
    await expect(page.getByRole('table', { name: '配信履歴の一覧' })).toHaveCount(0);
    await context.close();
  });

  test('branch staff do not see the screen', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'branch-free@example.com');
    await expect(page.getByRole('link', { name: 'Webhook 通知' })).toHaveCount(0);
    await page.goto('/webhooks');
    await visible(page.getByText('このページを表示する権限がありません', { exact: false }));
    await context.close();
  });
});

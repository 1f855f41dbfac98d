import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { seriousAxeViolations } from './support/axe.ts';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { confirmedFreeAgentBooking, downloadedPdf } from './support/invoicing.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

/** A PNG drawn pixel by pixel: `paint` answers the RGB of (x, y), or null for white. */
function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number] | null): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y) ?? [255, 255, 255];
      image.data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(image);
}

// A logo (a green mark and two grey "text" bars) and a red square company stamp (角印).
const LOGO = png(360, 96, (x, y) => {
  if (x >= 12 && x < 84 && y >= 12 && y < 84) return [47, 111, 79];
  if (x >= 100 && x < 340 && y >= 22 && y < 44) return [60, 60, 60];
  if (x >= 100 && x < 280 && y >= 56 && y < 72) return [130, 130, 130];
  return null;
});
const STAMP = png(120, 120, (x, y) => {
  const border = x < 8 || x >= 112 || y < 8 || y >= 112;
  const marks = (x >= 24 && x < 96 && (y % 24 >= 20 || (y >= 24 && y < 96 && x % 24 >= 20))) && y >= 20 && y < 100;
  return border || marks ? [200, 30, 30] : null;
});

/** Opens the file picker from the card's drop zone (a button: clicked, or with `keyboard` focused and Enter pressed) and chooses `file`. */
async function choose(page: Page, card: Locator, file: { name: string; mimeType: string; buffer: Buffer }, keyboard = false) {
  const chooser = page.waitForEvent('filechooser');
  const zone = card.getByRole('button', { name: /の画像をドロップ、またはクリックして選択/ });
  if (keyboard) {
    await zone.focus();
    await page.keyboard.press('Enter');
  } else {
    await zone.click();
  }
  await (await chooser).setFiles(file);
}

/** The width the browser decoded the shown image at: the bytes came back as they went. */
async function naturalWidth(image: Locator): Promise<number> {
  await visible(image);
  await image.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true }))));
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

// A Thursday of the demo season that no other journey books.
const NEXT_INVOICE_DAY = demoDate('2027-09-30');

test.describe('the operator logo and company stamp on 基本情報', () => {
  test('staff upload a logo and a stamp, see them after a reload and on the next invoice; a text file is refused by its content', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '基本情報' }).click();
    await page.waitForURL('**/basic-info');
    const form = page.getByRole('form', { name: '基本情報' });
    await visible(form.getByLabel('郵便番号'));
    if ((await form.getByLabel('郵便番号').inputValue()) !== '616-8373') throw new Error('the demo postal code is missing');

    const logo = page.getByTestId('operator-image-logo');
    const stamp = page.getByTestId('operator-image-stamp');
    await visible(logo.getByText('未登録'));
    // The drop zones are named buttons that pass axe (no focusable control inside them).
    expect(await seriousAxeViolations(page, '[data-testid="operator-image-logo"]')).toEqual([]);
    await choose(page, logo, { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('これは画像ではありません') });
    await visible(logo.getByRole('alert').getByText('PNG または JPEG 形式の画像を選んでください。'));

    await choose(page, logo, { name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await visible(page.getByText('ロゴを登録しました'));
    // The stamp by keyboard alone: the drop zone opens the file picker on Enter.
    await choose(page, stamp, { name: 'stamp.png', mimeType: 'image/png', buffer: STAMP }, true);
    await visible(page.getByText('社印を登録しました'));

    await form.getByLabel('FAX番号').fill('075-861-7445');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('基本情報を保存しました'));

    await page.reload();
    if ((await naturalWidth(logo.getByRole('img', { name: '現在のロゴ' }))) !== 360) throw new Error('the logo is not shown after a reload');
    if ((await naturalWidth(stamp.getByRole('img', { name: '現在の社印' }))) !== 120) throw new Error('the stamp is not shown after a reload');
    if ((await form.getByLabel('FAX番号').inputValue()) !== '075-861-7445') throw new Error('the fax number was not kept');
    await screenshot(page, 'basic-info-logo-ja');

    // The next invoice issued prints them: a new booking's invoice carries the logo and the stamp.
    const bookingId = await confirmedFreeAgentBooking(page, NEXT_INVOICE_DAY);
    const fare = (await api<{ main_params: { payment: { invoice_url: string | null } } }>(page, 'GET', `/v1/bookings/${bookingId}`)).main_params.payment;
    const invoice = await downloadedPdf(page, fare.invoice_url!);
    if (!invoice.text.includes('請求書番号')) throw new Error('not an invoice');
    if (invoice.images !== 2) throw new Error(`the invoice carries ${invoice.images} images, not the logo and the stamp`);

    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('img', { name: 'Current company stamp' }));
    await visible(page.getByRole('form', { name: 'Basic info' }).getByLabel('Postal code'));
    await screenshot(page, 'basic-info-logo-en');

    // Removed again (with its confirmation): the journeys after this one print documents without them.
    for (const [card, title] of [[stamp, 'Remove company stamp'], [logo, 'Remove logo']] as const) {
      await card.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Delete' }).click();
      await visible(card.getByText('Not set'));
    }
    await context.close();
  });
});

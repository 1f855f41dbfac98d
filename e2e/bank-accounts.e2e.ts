import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('money master data', () => {
  test('staff add a bank account, are told a bad branch code on its field, and edit it', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '口座情報' }).click();
    await page.waitForURL('**/bank-accounts');
    const list = page.getByRole('table', { name: '口座一覧' });
    await visible(list.getByText('嵐山支店'));
    await visible(list.getByText('振込先', { exact: true }));

    await page.getByRole('button', { name: '口座を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '口座の追加' });
    for (const [label, value] of [
      ['会社名', '嵯峨野観光鉄道株式会社'],
      ['金融機関名', '京都中央信用金庫'],
      ['支店名', '嵯峨支店'],
      ['支店コード', '12'],
      ['口座番号', '0012345'],
      ['口座名義（カナ）', 'サガノカンコウテツドウ（カ'],
    ] as const) {
      await dialog.getByLabel(label, { exact: false }).first().fill(value);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('支店コードは3桁の半角数字で入力してください。'));
    await screenshot(page, 'bank-account-form-ja');
    await dialog.getByLabel('支店コード').fill('012');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('口座を追加しました'));
    await visible(list.getByText('嵯峨支店（支店コード 012）'));

    await list.getByRole('button', { name: '京都中央信用金庫 嵯峨支店 0012345 を編集' }).click();
    const edit = page.getByRole('dialog', { name: '口座の編集' });
    await edit.getByLabel('支店名').fill('太秦支店');
    await edit.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('口座情報を更新しました'));
    await visible(list.getByText('太秦支店（支店コード 012）'));
    await screenshot(page, 'bank-accounts-ja');

    await page.getByRole('button', { name: 'English' }).click();
    const en = page.getByRole('table', { name: 'Bank accounts' });
    await visible(en.getByText('Transfer account', { exact: true }));
    await visible(en.getByText('Savings 0012345').or(en.getByText('Ordinary 0012345')));
    await screenshot(page, 'bank-accounts-en');
    await context.close();
  });

  test('staff change a cancellation rate and find it kept; a repeated day count is named on its row', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: 'キャンセルポリシー' }).click();
    await page.waitForURL('**/cancellation-policy');
    const form = page.getByRole('form', { name: 'キャンセルポリシー' });
    // Longest notice first: 20, 7, 2, 1, 0 days before.
    const rate7 = form.getByLabel('2行目の料率');
    await visible(rate7);
    if ((await form.getByLabel('2行目の日数').inputValue()) !== '7') throw new Error('the 7-day row is not second');

    await form.getByRole('button', { name: '行を追加' }).click();
    await form.getByLabel('6行目の日数').fill('2');
    await form.getByLabel('6行目の料率').fill('40');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('同じ日数の行がほかにあります。'));
    await screenshot(page, 'cancellation-policy-form-ja');
    // A number field keeps what was typed: −1 stays −1 and is refused by name, never turned into 1.
    await form.getByLabel('6行目の日数').fill('-1');
    await form.getByRole('button', { name: '保存' }).click();
    expect(await form.getByLabel('6行目の日数').inputValue()).toBe('-1');
    await visible(form.getByText('6行目の日数は0〜365の整数で入力してください。'));
    await form.getByRole('button', { name: '6行目を削除' }).click();

    await rate7.fill('25');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('キャンセルポリシーを保存しました'));
    await visible(form.getByText('乗車日の7日前〜3日前の取消: 25%'));
    await screenshot(page, 'cancellation-policy-ja');

    await page.reload();
    await visible(form.getByLabel('2行目の料率'));
    await visible(form.getByText('乗車日の7日前〜3日前の取消: 25%'));
    if ((await form.getByLabel('2行目の料率').inputValue()) !== '25') throw new Error(`the rate was not kept: ${await form.getByLabel('2行目の料率').inputValue()}`);

    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('form', { name: 'Cancellation policy' }).getByText('7 to 3 days before: 25%'));
    await screenshot(page, 'cancellation-policy-en');
    // Back to the demo rate: the booking journeys, in whatever order they run, quote 20% a week out.
    const enForm = page.getByRole('form', { name: 'Cancellation policy' });
    await enForm.getByLabel('Rate, row 2').fill('20');
    await enForm.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('The cancellation policy was saved'));
    await context.close();
  });
});

import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, visible } from './support/actions.ts';
import { demo } from './support/demo-days.ts';

// The demo's first and last years, and the year after it (2026, 2027 and 2028 when the demo was first written).
const [Y0, Y1, Y2] = [demo.firstYear, demo.lastYear, demo.lastYear + 1];

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('pricing and booking master data', () => {
  test('staff change a group fare and find it kept; the name is required', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '団体料金プラン' }).click();
    await page.waitForURL('**/group-pricing-plans');
    const normal = page.getByRole('table', { name: '一般団体の料金プラン一覧' });
    await visible(normal.getByRole('cell', { name: '800円' }));
    await screenshot(page, 'group-pricing-plans-ja');

    await normal.getByRole('button', { name: `一般団体 ${demo.planYears}を編集` }).click();
    const dialog = page.getByRole('dialog');
    const adult = dialog.getByLabel('一般団体 一般 大人 運賃（円）');
    await visible(adult);
    await adult.fill('1,050');
    await dialog.getByLabel('名称').fill('');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('名称を入力してください。'));
    await screenshot(page, 'group-pricing-plan-form-ja');
    await dialog.getByLabel('名称').fill(`一般団体 ${demo.planYears}`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('料金プランを保存しました'));
    await visible(normal.getByRole('cell', { name: '1,050円' }));

    await page.reload();
    await normal.getByRole('button', { name: `一般団体 ${demo.planYears}を編集` }).click();
    const kept = page.getByRole('dialog').getByLabel('一般団体 一般 大人 運賃（円）');
    await visible(kept);
    if ((await kept.inputValue()) !== '1,050') throw new Error(`the fare was not kept: ${await kept.inputValue()}`);
    // Back to the demo fare: the booking journeys, in whatever order they run, price at 800 yen.
    await kept.fill('800');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await visible(normal.getByRole('cell', { name: '800円' }));
    await context.close();
  });

  test('refuses an overlapping free count range with the message, and shows both screens in English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');
    await page.getByRole('link', { name: '無料人数設定' }).click();
    await page.waitForURL('**/free-count-plans');
    await visible(page.getByText('15〜50 名'));
    await page.getByRole('button', { name: '範囲を追加' }).click();
    const editor = page.getByTestId('free-count-editor');
    await editor.getByLabel('下限（名）').fill('40');
    await editor.getByLabel('上限（名）').fill('60');
    await editor.getByLabel('無料人数（名）').fill('2');
    await editor.getByRole('button', { name: '保存' }).click();
    // The spec's message, then which rule: the range it overlaps; the lower limit is marked.
    await visible(editor.getByText('正しい人数を入力してください。 15〜50名の設定と範囲が重なっています。'));
    expect(await editor.getByLabel('下限（名）').getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getByLabel('上限（名）').getAttribute('aria-invalid')).not.toBe('true');
    await screenshot(page, 'free-count-plans-ja');
    await editor.getByLabel('下限（名）').fill('201');
    await editor.getByLabel('上限（名）').fill('199');
    await editor.getByRole('button', { name: '保存' }).click();
    await visible(editor.getByText('上限は下限以上にしてください。', { exact: false }));
    expect(await editor.getByLabel('上限（名）').getAttribute('aria-invalid')).toBe('true');
    await editor.getByLabel('下限（名）').fill('201');
    await editor.getByLabel('上限（名）').fill('300');
    await editor.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('201〜300 名'));
    await context.close();

    const en = await freshPage(browser);
    await logIn(en.page, 'admin@example.com', 'en');
    await en.page.goto('/free-count-plans');
    await visible(en.page.getByText('15–50 people'));
    await screenshot(en.page, 'free-count-plans-en');
    await en.page.goto('/group-pricing-plans');
    await visible(en.page.getByRole('table', { name: 'School groups pricing plans' }));
    await en.page.getByRole('button', { name: 'Add a pricing plan' }).nth(1).click();
    await visible(en.page.getByRole('dialog').getByText('School group General Adult', { exact: false }));
    await screenshot(en.page, 'group-pricing-plan-form-en');
    await en.page.keyboard.press('Escape');
    await screenshot(en.page, 'group-pricing-plans-en');
    await en.context.close();
  });

  test('staff add a group schedule, are told a backwards or overlapping period, and change its payment day', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '団体スケジュール' }).click();
    await page.waitForURL('**/group-schedules');
    const list = page.getByRole('table', { name: '団体スケジュール一覧' });
    await visible(list.getByRole('cell', { name: `${Y0}年 団体スケジュール` }));

    await page.getByRole('button', { name: 'スケジュールを追加' }).click();
    const dialog = page.getByRole('dialog', { name: '団体スケジュールの追加' });
    const fillSchedule = async (values: [label: string, value: string][]) => {
      for (const [label, value] of values) {
        const input = dialog.getByLabel(label);
        if (/^\d{4}-\d{2}-\d{2}$/.test(value)) await fillDate(input, value);
        else await input.fill(value);
      }
    };
    await fillSchedule([['名称', `${Y2}年 団体スケジュール`], ['適用開始日（乗車日）', `${Y2}-01-01`], ['適用終了日（乗車日）', `${Y1}-12-31`], ['団体枠の開放', '14'], ['支払期限', '10'], ['リマインド', '21']]);
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('適用終了日（乗車日）は適用開始日（乗車日）以降の日付を入力してください。'));
    await screenshot(page, 'group-schedule-form-ja');
    await fillDate(dialog.getByLabel('適用終了日（乗車日）'), `${Y2}-12-31`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('団体スケジュールを追加しました'));
    const row = list.getByTestId(`group-schedule-${Y2}-01-01`);
    await visible(row.getByRole('cell', { name: `${Y2}年 団体スケジュール` }));

    // The server refuses a period another schedule covers, on the first date's field.
    await page.getByRole('button', { name: 'スケジュールを追加' }).click();
    await fillSchedule([['名称', '重複'], ['適用開始日（乗車日）', `${Y2}-06-01`], ['適用終了日（乗車日）', `${Y2}-07-31`], ['団体枠の開放', '1'], ['支払期限', '1'], ['リマインド', '1']]);
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('適用期間が他の団体スケジュールと重なっています。'));
    await dialog.getByRole('button', { name: 'キャンセル' }).click();

    await row.getByRole('button', { name: `${Y2}年 団体スケジュール を編集` }).click();
    const edit = page.getByRole('dialog', { name: '団体スケジュールの編集' });
    await edit.getByLabel('支払期限').fill('12');
    await edit.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('団体スケジュールを更新しました'));
    await visible(row.getByRole('cell', { name: '12日前' }));
    await screenshot(page, 'group-schedules-ja');

    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('table', { name: 'Group schedules' }).getByRole('cell', { name: '12 days before' }));
    await screenshot(page, 'group-schedules-en');
    await context.close();
  });

  test('staff add a special contract term, are told an answer before the deadline, rename it and delete it', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '特約期間' }).click();
    await page.waitForURL('**/special-contract-terms');
    const list = page.getByRole('table', { name: '特約期間一覧' });
    await visible(list.getByText('特約期間はまだありません。'));

    await page.getByRole('button', { name: '特約期間を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '特約期間の追加' });
    for (const [label, value] of [['名称', `${Y1}年 紅葉特約`], ['申込締切日', `${Y1}-07-31`], ['回答日', `${Y1}-07-15`], ['適用開始日（乗車日）', `${Y1}-11-01`], ['適用終了日（乗車日）', `${Y1}-11-30`]]) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value!)) await fillDate(dialog.getByLabel(label!), value!);
      else await dialog.getByLabel(label!).fill(value!);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('回答日は申込締切日以降の日付にしてください。'));
    await screenshot(page, 'special-contract-term-form-ja');
    await fillDate(dialog.getByLabel('回答日'), `${Y1}-08-10`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('特約期間を追加しました'));
    const row = list.getByTestId(`special-contract-term-${Y1}-11-01`);
    await visible(row.getByRole('cell', { name: `${Y1}-08-10` }));

    await row.getByRole('button', { name: `${Y1}年 紅葉特約 を編集` }).click();
    const edit = page.getByRole('dialog', { name: '特約期間の編集' });
    await edit.getByLabel('名称').fill(`${Y1}年 紅葉特約（嵐山）`);
    await edit.getByRole('button', { name: '保存' }).click();
    await visible(row.getByRole('cell', { name: `${Y1}年 紅葉特約（嵐山）` }));
    await screenshot(page, 'special-contract-terms-ja');

    await row.getByRole('button', { name: `${Y1}年 紅葉特約（嵐山） を削除` }).click();
    const confirm = page.getByRole('dialog', { name: '特約期間の削除' });
    await visible(confirm.getByText(`特約期間「${Y1}年 紅葉特約（嵐山）」（${Y1}-11-01 〜 ${Y1}-11-30）を削除します。よろしいですか？`));
    await confirm.getByRole('button', { name: '削除' }).click();
    await visible(page.getByText('特約期間を削除しました'));
    await visible(list.getByText('特約期間はまだありません。'));
    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('table', { name: 'Special contract terms' }).getByText('No special contract terms yet.'));
    await screenshot(page, 'special-contract-terms-en');
    await context.close();
  });

  test('staff keep the operator basic info: a wrong invoice number is named, the mail signature follows the hours', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '基本情報' }).click();
    await page.waitForURL('**/basic-info');
    const form = page.getByRole('form', { name: '基本情報' });
    await visible(form.getByLabel('会社名'));
    if ((await form.getByLabel('会社名').inputValue()) !== '嵯峨野観光鉄道株式会社') throw new Error('the shipped operator name is missing');
    await form.getByLabel('営業時間').fill('8:30〜17:30');
    await form.getByLabel('適格請求書発行事業者登録番号').fill('1130001234567');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('適格請求書発行事業者登録番号は「T」と13桁の半角数字で入力してください。'));
    await form.getByLabel('適格請求書発行事業者登録番号').fill('T1130001234567');
    await visible(form.getByTestId('signature-preview').getByText('TEL 075-861-7444（8:30〜17:30）'));
    await form.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('基本情報を保存しました'));
    await screenshot(page, 'basic-info-ja');
    await page.reload();
    await visible(form.getByLabel('営業時間'));
    if ((await form.getByLabel('営業時間').inputValue()) !== '8:30〜17:30') throw new Error('the business hours were not kept');
    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('form', { name: 'Basic info' }).getByLabel('Qualified invoice issuer number'));
    await screenshot(page, 'basic-info-en');
    await context.close();
  });
});


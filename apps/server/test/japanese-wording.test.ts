/**
 * One word for one thing in the Japanese the product writes: the screens (apps/web locales), the
 * mails, PDFs and CSV files (the server), and the CSV's words for codes against the screens' own
 * (docs/DESIGN.md §8.1, the glossary).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORDS } from '../src/modules/reports/report-labels.ts';

const root = new URL('../../..', import.meta.url).pathname;

/** The glossary's variants, each with the word the product uses instead. */
const NOT_THESE: [variant: string, use: string][] = [
  ['キャンセル料', '取消料'],
  ['キャンセル規定', 'キャンセルポリシー'],
  ['キャンセル確定', '取消確定'],
  ['取消依頼', '取消申込'],
  ['取消申請', '取消申込'],
  ['取消の申請', '取消の申込'],
  ['取消を申請', '取消を申し込む'],
  ['キャンセル申請', '取消申込'],
  ['お支払期限', 'お支払い期限'],
];

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const sources = [
  ...files('apps/web/src/locales/ja', (name) => name.endsWith('.json')),
  ...files('apps/server/src', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
  ...files('packages/domain/src', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
];

describe('the Japanese the product writes', () => {
  it('reads every file it checks', () => {
    expect(sources.some((file) => file.endsWith('locales/ja/payments.json'))).toBe(true);
    expect(sources.some((file) => file.endsWith('payments/payment-mails.ts'))).toBe(true);
  });

  it.each(NOT_THESE)('writes %s nowhere (the product says %s)', (variant) => {
    const found = sources.flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (line.includes(variant) ? [`${relative(root, file)}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe("the CSV files' words for codes", () => {
  type Tree = Record<string, unknown>;
  const screens = (language: 'ja' | 'en') => JSON.parse(readFileSync(join(root, `apps/web/src/locales/${language}/bookings.json`), 'utf8')) as Tree;

  it.each(['ja', 'en'] as const)('are the booking screen’s words in %s', (language) => {
    const bookings = screens(language);
    for (const [words, key] of [[WORDS.BOOKING_STATUS, 'status'], [WORDS.PAYMENT_STATUS, 'paymentStatus'], [WORDS.PAYMENT_METHOD, 'paymentMethod']] as const) {
      const onScreen = bookings[key] as Record<string, string>;
      expect(Object.fromEntries(Object.entries(words).map(([code, word]) => [code, word[language]])), key).toEqual(onScreen);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@sagano/domain/common/errors';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(language: string): Map<string, Tree> {
  const namespaces = new Map<string, Tree>();
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) namespaces.set(match[2], tree);
  }
  return namespaces;
}

/** Every leaf as [dotted.key, value]; a non-string leaf is reported as an empty value. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    if (value && typeof value === 'object') return leaves(value, path);
    return [[path, '']];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const ja = byLanguage('ja');
const en = byLanguage('en');

describe('locales', () => {
  it('has the same namespaces in ja and en', () => {
    expect(ja.size).toBeGreaterThan(0);
    expect([...en.keys()].sort()).toEqual([...ja.keys()].sort());
  });

  for (const [namespace, jaTree] of ja) {
    describe(namespace, () => {
      const jaLeaves = new Map(leaves(jaTree));
      const enLeaves = new Map(leaves(en.get(namespace) ?? {}));

      it('has exactly the same keys in ja and en', () => {
        expect([...enLeaves.keys()].sort()).toEqual([...jaLeaves.keys()].sort());
      });

      it('has no empty values', () => {
        const empty = [...jaLeaves, ...enLeaves].filter(([, value]) => value.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it('uses the same {{placeholders}} in both languages', () => {
        for (const [key, jaText] of jaLeaves) {
          expect(placeholders(enLeaves.get(key) ?? ''), `${namespace}:${key}`).toEqual(placeholders(jaText));
        }
      });
    });
  }

  // The group's own page is offered in Korean and Chinese too: its namespaces whole, and the common
  // strings it shows (the language switch, the loading and error screens), nothing else.
  describe.each(['zh-hans', 'zh-hant', 'ko'])("the group's page in %s", (language) => {
    const tree = byLanguage(language);
    const commonUsed = ['appTitle', 'languageLabel', 'status.loading', 'routeError.title', 'routeError.description', 'routeError.reload', ...Object.keys(ja.get('common')!.languages as Tree).map((l) => `languages.${l}`)];

    it('has the customer page namespaces and only those', () => {
      expect([...tree.keys()].sort()).toEqual(['common', 'customer', 'seatMap']);
    });

    it.each(['customer', 'seatMap'])('has exactly the keys of ja in %s, none empty, the same {{placeholders}}', (namespace) => {
      const jaLeaves = new Map(leaves(ja.get(namespace)!));
      const own = new Map(leaves(tree.get(namespace) ?? {}));
      expect([...own.keys()].sort()).toEqual([...jaLeaves.keys()].sort());
      expect([...own].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([]);
      for (const [key, jaText] of jaLeaves) expect(placeholders(own.get(key) ?? ''), `${language} ${namespace}:${key}`).toEqual(placeholders(jaText));
    });

    it('has the common strings the page shows, each a key of ja', () => {
      const own = new Map(leaves(tree.get('common') ?? {}));
      const jaCommon = new Map(leaves(ja.get('common')!));
      expect([...own.keys()].sort()).toEqual([...commonUsed].sort());
      expect([...own.keys()].filter((key) => !jaCommon.has(key))).toEqual([]);
      expect([...own].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([]);
    });
  });

  // One code, one word: a payment's method, status and type read the same on the booking, the
  // payment panel, the payment list, the sales, the settlements and the agent's form (the CSV
  // reports take the booking's words: apps/server report-labels.ts). The settlements' column holds
  // the agent's payment type (PREPAID, COUPON, MONTHLY) or an older row's method.
  const TYPES = ['PREPAID', 'COUPON', 'MONTHLY'];
  const SAME_WORDS: { name: string; places: { at: string; only?: (code: string) => boolean }[] }[] = [
    { name: 'payment method', places: [{ at: 'bookings:paymentMethod' }, { at: 'payments:method' }, { at: 'paymentList:paymentMethod' }, { at: 'sales:paymentMethod' }, { at: 'settlements:paymentMethod', only: (code) => !TYPES.includes(code) || code === 'COUPON' }] },
    { name: 'payment status', places: [{ at: 'bookings:paymentStatus' }, { at: 'payments:status' }, { at: 'paymentList:paymentStatus' }] },
    { name: 'payment type', places: [{ at: 'bookings:paymentType' }, { at: 'paymentList:paymentType' }, { at: 'agents:paymentTypes' }, { at: 'settlements:paymentMethod', only: (code) => TYPES.includes(code) }] },
  ];
  describe.each([['ja', ja], ['en', en]] as const)('in %s', (language, namespaces) => {
    it.each(SAME_WORDS)('names each $name with one word everywhere', ({ places }) => {
      const words = new Map<string, Set<string>>();
      for (const { at, only } of places) {
        const [namespace, path] = at.split(':') as [string, string];
        const tree = path.split('.').reduce<Tree | string | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), namespaces.get(namespace));
        expect(typeof tree, `${language} ${at}`).toBe('object');
        for (const [code, word] of Object.entries(tree as Tree)) {
          if (typeof word !== 'string' || (only && !only(code))) continue;
          words.set(code, (words.get(code) ?? new Set()).add(word));
        }
      }
      expect([...words].filter(([, set]) => set.size > 1).map(([code, set]) => `${code}: ${[...set].join(' / ')}`)).toEqual([]);
    });
  });

  it('writes parentheses in Japanese sentences full-width, as the other Japanese text does', () => {
    // The one exception names the characters a phone number may hold.
    const halfWidth = [...ja].flatMap(([namespace, tree]) => leaves(tree).map(([key, value]) => [`${namespace}:${key}`, value] as const))
      .filter(([key, value]) => key !== 'common:validation.tel' && /[\u3040-\u30ff\u4e00-\u9fff]/.test(value) && /[()]/.test(value));
    expect(halfWidth).toEqual([]);
  });

  it('has a message for every error code of the API', () => {
    for (const tree of [ja.get('errors'), en.get('errors')]) {
      expect(Object.keys(tree ?? {}).sort()).toEqual([...ERROR_CODES].sort());
    }
  });
});

/**
 * Each language's messages as downloads of their own, fetched when that language is used: a
 * Japanese page never loads the English texts and the other way round. The sign-in page takes only
 * the first part (common, errors, auth, shell); the screens' namespaces follow with the first
 * screen past it (the shell's loader), all but the group's own page's, which no staff screen shows;
 * that page takes only its own and the seat map's (the `customer` part). Korean and Chinese have only the group's page's
 * messages and the few common strings it shows (their core part). Every file of locales/{lang}/ is a
 * namespace named after the file, so a new namespace needs no line here (its types come from
 * i18n-resources.ts).
 */
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';

export type Bundle = Record<string, Record<string, unknown>>;
export type BundlePart = 'core' | 'screens' | 'customer';

/**
 * `../locales/ja/common.json` → `common`. The bundle modules import nothing (a chunk importing back
 * the app's chunk while that one awaits it at start would never finish).
 */
export function bundleOf(files: Record<string, Record<string, unknown>>): Bundle {
  return Object.fromEntries(Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), messages]));
}

export const loadBundle = {
  ja: {
    core: () => import('./i18n-bundle-ja.ts').then((m) => bundleOf(m.default)),
    screens: () => import('./i18n-bundle-ja-screens.ts').then((m) => bundleOf(m.default)),
    customer: () => import('./i18n-bundle-ja-customer.ts').then((m) => bundleOf(m.default)),
  },
  en: {
    core: () => import('./i18n-bundle-en.ts').then((m) => bundleOf(m.default)),
    screens: () => import('./i18n-bundle-en-screens.ts').then((m) => bundleOf(m.default)),
    customer: () => import('./i18n-bundle-en-customer.ts').then((m) => bundleOf(m.default)),
  },
  // The group's own page only (the staff screens are ja/en): no screens part.
  ko: {
    core: () => import('./i18n-bundle-ko.ts').then((m) => bundleOf(m.default)),
    screens: () => Promise.resolve({}),
    customer: () => import('./i18n-bundle-ko-customer.ts').then((m) => bundleOf(m.default)),
  },
  'zh-hans': {
    core: () => import('./i18n-bundle-zh-hans.ts').then((m) => bundleOf(m.default)),
    screens: () => Promise.resolve({}),
    customer: () => import('./i18n-bundle-zh-hans-customer.ts').then((m) => bundleOf(m.default)),
  },
  'zh-hant': {
    core: () => import('./i18n-bundle-zh-hant.ts').then((m) => bundleOf(m.default)),
    screens: () => Promise.resolve({}),
    customer: () => import('./i18n-bundle-zh-hant-customer.ts').then((m) => bundleOf(m.default)),
  },
} satisfies Record<CustomerLanguage, Record<BundlePart, () => Promise<Bundle>>>;

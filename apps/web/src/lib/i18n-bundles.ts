/**
 * Each language's messages as downloads of their own, fetched when that language is used: a
 * Japanese page never loads the English texts and the other way round. The first part (`core`:
 * common, errors, auth, shell; Korean and Chinese: common) comes with the app's start, for the
 * sign-in page and the shell; every other namespace is a file of its own, fetched with the code
 * that names it (the build's message-namespaces plugin wraps each on-demand import of a screen or
 * dialog in `withMessages`, lib/i18n.ts). Every file of locales/{lang}/ is a namespace named after
 * the file, so a new namespace needs no line here (its types come from i18n-resources.ts).
 */
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';

export type Bundle = Record<string, Record<string, unknown>>;
type Messages = Record<string, unknown>;

/**
 * `../locales/ja/common.json` → `common`. The bundle modules import nothing (a chunk importing back
 * the app's chunk while that one awaits it at start would never finish).
 */
export function bundleOf(files: Record<string, Messages>): Bundle {
  return Object.fromEntries(Object.entries(files).map(([path, messages]) => [namespaceOf(path), messages]));
}

const namespaceOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');

/** The first part of each language, one download. */
export const loadCore = {
  ja: () => import('./i18n-bundle-ja.ts').then((m) => bundleOf(m.default)),
  en: () => import('./i18n-bundle-en.ts').then((m) => bundleOf(m.default)),
  // The group's own page only (the staff screens are ja/en).
  ko: () => import('./i18n-bundle-ko.ts').then((m) => bundleOf(m.default)),
  'zh-hans': () => import('./i18n-bundle-zh-hans.ts').then((m) => bundleOf(m.default)),
  'zh-hant': () => import('./i18n-bundle-zh-hant.ts').then((m) => bundleOf(m.default)),
} satisfies Record<CustomerLanguage, () => Promise<Bundle>>;

/** Every other namespace of every language, a download each (the first part's files left out: they are in it). */
const namespaceFiles = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/*/{common,errors,auth,shell}.json'], { import: 'default' });

/** A namespace's messages in a language; null when the language has none (Korean and Chinese have the group's page's only). */
export function loadNamespace(language: CustomerLanguage, namespace: string): Promise<Messages> | null {
  const load = namespaceFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : null;
}

/** Whether a language has the namespace outside its first part. */
export function hasNamespace(language: CustomerLanguage, namespace: string): boolean {
  return `../locales/${language}/${namespace}.json` in namespaceFiles;
}

/** The namespaces outside the first part that a language has. */
export function namespacesOf(language: CustomerLanguage): string[] {
  return Object.keys(namespaceFiles)
    .filter((path) => path.startsWith(`../locales/${language}/`))
    .map(namespaceOf);
}

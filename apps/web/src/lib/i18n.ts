import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CUSTOMER_LANGUAGES, htmlLangOf, isCustomerLanguage, resolveCustomerLanguage, resolveUiLanguage, type CustomerLanguage } from '@sagano/domain/common/ui-language';
import { loadBundle, type BundlePart } from './i18n-bundles.ts';

export const LANGUAGE_STORAGE_KEY = 'sagano.lang';

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A language of the messages: ja/en for every page; ko and Chinese for the group's own page only. */
type Language = CustomerLanguage;

/** The group's own page, whose languages are the customer ones. */
const isCustomerPage = (pathname: string) => pathname.startsWith('/customer/');

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * The language to start in: `?lang=` first (then remembered), else the stored choice, else ja; on
 * the group's own page, the browser's languages before ja, and Korean and Chinese too.
 * The parameter is taken out of the address once stored, so a later switch is not undone by a reload.
 */
export function pickStartLanguage(location: Location = window.location, browserLanguages: readonly string[] = navigator.languages): Language {
  const url = new URL(location.href);
  const queryLang = url.searchParams.get('lang');
  const language = isCustomerPage(url.pathname) ? resolveCustomerLanguage(queryLang, readStoredLanguage(), browserLanguages) : resolveUiLanguage(queryLang, readStoredLanguage());
  if (queryLang !== null) {
    if (queryLang === language) storeLanguage(language);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return language;
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = htmlLangOf(language);
  document.title = i18next.t('common:appTitle');
}

/** The parts wanted beyond the first (the screens past the sign-in page, or the group's own page's): a language switch fetches them too. */
const wantedParts = new Set<BundlePart>();
/** The language asked for last: set at once, while i18next may still be starting (the router's loaders run meanwhile). */
let wantedLanguage: Language | null = null;
const loading = new Map<string, Promise<void>>();
/**
 * i18next keeps no resources added before its init: a part fetched while it is still starting (a
 * route loader racing the start) waits for it, or its messages would be lost and the screen would
 * show its keys.
 */
let markInitialized: () => void = () => undefined;
const initialized = new Promise<void>((resolve) => (markInitialized = resolve));

/** Fetches a part of a language's messages once and hands it to i18next. */
function ensurePart(language: Language, part: BundlePart): Promise<void> {
  const key = `${language}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = loadBundle[language][part]().then(async (bundle) => {
      if (!i18next.isInitialized) await initialized;
      // A namespace is one file, whole in each part that has it: set, not deep-merged, and not
      // copied (i18next copies through JSON by default: 70 ms of a phone's first screen).
      for (const [namespace, messages] of Object.entries(bundle)) i18next.addResourceBundle(language, namespace, messages, false, true, { skipCopy: true });
    });
    loading.set(key, done);
    done.catch(() => loading.delete(key));
  }
  return done;
}

function ensureLanguage(language: Language): Promise<unknown> {
  return Promise.all([ensurePart(language, 'core'), ...[...wantedParts].map((part) => ensurePart(language, part))]);
}

/** The messages of every screen in the current language (a route loader awaits it before its screen shows). */
export async function loadScreenMessages(): Promise<null> {
  wantedParts.add('screens');
  await ensurePart(wantedLanguage ?? currentLanguage(), 'screens');
  return null;
}

/** The group's own page's messages (its namespace and the seat map's) in the current language: not every screen's. */
export async function loadCustomerMessages(): Promise<null> {
  wantedParts.add('customer');
  await ensurePart(wantedLanguage ?? currentLanguage(), 'customer');
  return null;
}

/**
 * Starts in `language` with its messages loaded: all of them, or with `parts: 'core'` (the app's
 * start) only what the sign-in page needs; the other language is fetched on a switch.
 */
export async function initI18n(language: Language, parts: 'core' | 'all' = 'all'): Promise<typeof i18next> {
  if (parts === 'all') wantedParts.add('screens');
  wantedLanguage = language;
  if (!i18next.isInitialized) {
    const core = loadBundle[language].core();
    loading.set(`${language}:core`, core.then(() => undefined));
    const bundle = await core;
    i18next.on('languageChanged', reflectLanguage);
    await i18next.use(initReactI18next).init({
      lng: language,
      // Every language is complete for what it is offered on (the types and the locales test check
      // en against ja, and the group's page in all five): no fallback to fetch.
      fallbackLng: false,
      supportedLngs: [...CUSTOMER_LANGUAGES],
      // zh-hans stays zh-hans (i18next would spell it zh-Hans and look for a zh fallback).
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: Object.keys(bundle),
      defaultNS: 'common',
      resources: { [language]: bundle },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    markInitialized();
  }
  await ensureLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  wantedLanguage = language;
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return isCustomerLanguage(language) ? language : resolveUiLanguage(language, null);
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CUSTOMER_LANGUAGES, htmlLangOf, isCustomerLanguage, resolveCustomerLanguage, resolveUiLanguage, type CustomerLanguage } from '@sagano/domain/common/ui-language';
import { hasNamespace, loadCore, loadNamespace, namespacesOf } from './i18n-bundles.ts';

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

/** The namespaces asked for beyond the first part (those of the screens and dialogs opened so far): a language switch fetches them too. */
const wantedNamespaces = new Set<string>();
/** The language asked for last: set at once, while i18next may still be starting (the router's loaders run meanwhile). */
let wantedLanguage: Language | null = null;
const loading = new Map<string, Promise<void>>();
/**
 * i18next keeps no resources added before its init: a namespace fetched while it is still starting
 * (a screen's download racing the start) waits for it, or its messages would be lost and the
 * screen would show its keys.
 */
let markInitialized: () => void = () => undefined;
const initialized = new Promise<void>((resolve) => (markInitialized = resolve));

/** Fetches a language's first part, or one namespace of it, once, and hands it to i18next. */
function ensure(language: Language, namespace: string | null): Promise<void> {
  const key = `${language}:${namespace ?? ''}`;
  let done = loading.get(key);
  if (!done) {
    const fetched = namespace === null ? loadCore[language]() : loadNamespace(language, namespace)?.then((messages) => ({ [namespace]: messages }));
    done = (fetched ?? Promise.resolve({})).then(async (bundle) => {
      if (!i18next.isInitialized) await initialized;
      // A namespace is one file: set, not deep-merged, and not copied (i18next copies through
      // JSON by default: 70 ms of a phone's first screen).
      for (const [name, messages] of Object.entries(bundle)) i18next.addResourceBundle(language, name, messages, false, true, { skipCopy: true });
    });
    loading.set(key, done);
    done.catch(() => loading.delete(key));
  }
  return done;
}

function ensureLanguage(language: Language): Promise<unknown> {
  return Promise.all([ensure(language, null), ...[...wantedNamespaces].map((namespace) => ensure(language, namespace))]);
}

/** The language the messages are wanted in now: the one asked for last, else i18next's. */
const languageNow = () => wantedLanguage ?? currentLanguage();

/**
 * Fetches `namespaces` in the current language (and in the language switched to meanwhile, if
 * any); kept wanted, so a later language switch fetches them too.
 */
export async function loadMessages(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) wantedNamespaces.add(namespace);
  let language: Language;
  do {
    language = languageNow();
    await Promise.all(namespaces.map((namespace) => ensure(language, namespace)));
  } while (languageNow() !== language);
}

/**
 * A module loaded on demand, handed over once the namespaces it names are in too: the build wraps
 * every such `import()` of a screen or dialog in it (message-namespaces.ts), so its messages are
 * fetched beside its code.
 */
export function withMessages<T>(namespaces: readonly string[], module: Promise<T>): Promise<T> {
  return Promise.all([module, loadMessages(namespaces)]).then(([loaded]) => loaded);
}

/**
 * A key of a namespace nothing has fetched (the build found no mention of it with the code that
 * shows it): said in the console, and fetched, so that the next render has it.
 */
function fetchUnloadedNamespace(namespace: string, key: string): void {
  const language = languageNow();
  if (i18next.hasResourceBundle(language, namespace) || !hasNamespace(language, namespace) || loading.has(`${language}:${namespace}`)) return;
  console.error(`The message "${namespace}:${key}" was asked for before the namespace "${namespace}" was fetched; name it where the code uses it (useTranslation or "${namespace}:…")`);
  void loadMessages([namespace]);
}

/**
 * Starts in `language` with its messages loaded: with `parts: 'core'` (the app's start) only the
 * first part (the sign-in page, the shell), each screen's namespaces coming with its code; with
 * `'all'`, every namespace of the language (the unit tests' screens, which are not downloaded).
 */
export async function initI18n(language: Language, parts: 'core' | 'all' = 'all'): Promise<typeof i18next> {
  if (parts === 'all') for (const namespace of namespacesOf(language)) wantedNamespaces.add(namespace);
  wantedLanguage = language;
  if (!i18next.isInitialized) {
    const core = loadCore[language]();
    loading.set(`${language}:`, core.then(() => undefined));
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
      saveMissing: true,
      missingKeyHandler: (_languages, namespace, key) => fetchUnloadedNamespace(namespace, key),
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

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { resolveUiLanguage, type UiLanguage } from '@sagano/domain/common/language';
import { NAMESPACES, en, ja } from './i18n-resources.ts';

export const LANGUAGE_STORAGE_KEY = 'sagano.lang';

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeLanguage(language: UiLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * The language to start in: `?lang=` first (then remembered), else the stored choice, else ja.
 * The parameter is taken out of the address once stored, so a later switch is not undone by a reload.
 */
export function pickStartLanguage(location: Location = window.location): UiLanguage {
  const url = new URL(location.href);
  const queryLang = url.searchParams.get('lang');
  const language = resolveUiLanguage(queryLang, readStoredLanguage());
  if (queryLang !== null) {
    if (queryLang === language) storeLanguage(language);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return language;
}

function reflectLanguage(language: string): void {
  dayjs.locale(language);
  document.documentElement.lang = language;
  document.title = i18next.t('common:appTitle');
}

export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  i18next.on('languageChanged', reflectLanguage);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'ja',
    supportedLngs: ['ja', 'en'],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { ja, en },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

export async function changeLanguage(language: UiLanguage): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): UiLanguage {
  return resolveUiLanguage(i18next.resolvedLanguage, null);
}

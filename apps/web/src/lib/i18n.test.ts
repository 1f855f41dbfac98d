import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadScreenMessages } from './i18n.ts';

describe('messages, one language at a time', () => {
  it('starts with the sign-in part of one language, adds the screens of that language when asked, and the other language only on a switch', async () => {
    // As main.tsx does: the router's loaders may ask for the screens before i18next has started.
    const starting = initI18n('en', 'core');
    const screens = loadScreenMessages();
    await starting;
    expect(i18next.hasResourceBundle('en', 'auth')).toBe(true);
    await screens;
    expect(i18next.hasResourceBundle('en', 'bookings')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'common')).toBe(false);
    expect(i18next.t('bookings:filters.groupName')).toBe('Group name');

    await changeLanguage('ja');
    expect(i18next.hasResourceBundle('ja', 'common')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'bookings')).toBe(true);
    expect(i18next.t('bookings:filters.groupName')).toBe('団体名');
  });

  it('puts values in as written (React escapes them on the screen), whatever i18next escapes by default', async () => {
    await initI18n('en');
    await changeLanguage('en');
    expect(i18next.t('messages:attachments.removePending', { name: 'Q&A <2027>/"final".pdf' })).toBe('Do not attach “Q&A <2027>/"final".pdf”');
  });
});

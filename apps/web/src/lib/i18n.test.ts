import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, withMessages } from './i18n.ts';

describe('messages, one language at a time', () => {
  it("starts with the first part of one language, adds a screen's namespaces with its code, and the other language only on a switch", async () => {
    // As main.tsx does: a screen's download (the router's lazy route) may start before i18next has.
    const starting = initI18n('en', 'core');
    const screen = withMessages(['bookings'], Promise.resolve({ Component: 'the list' }));
    await starting;
    expect(i18next.hasResourceBundle('en', 'auth')).toBe(true);
    expect(await screen).toEqual({ Component: 'the list' });
    expect(i18next.hasResourceBundle('en', 'bookings')).toBe(true);
    // Only what was asked for: not every screen's.
    expect(i18next.hasResourceBundle('en', 'masterData')).toBe(false);
    expect(i18next.hasResourceBundle('ja', 'common')).toBe(false);
    expect(i18next.t('bookings:filters.groupName')).toBe('Group name');

    await changeLanguage('ja');
    expect(i18next.hasResourceBundle('ja', 'common')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'bookings')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'masterData')).toBe(false);
    expect(i18next.t('bookings:filters.groupName')).toBe('団体名');
  });

  it('says so in the console when a key of a namespace nothing fetched is asked for, and fetches it', async () => {
    await initI18n('ja', 'core');
    await changeLanguage('ja');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(i18next.hasResourceBundle('ja', 'jobs')).toBe(false);
      expect(i18next.t('jobs:title')).toBe('title');
      expect(error).toHaveBeenCalledWith(expect.stringContaining('"jobs:title" was asked for before the namespace "jobs" was fetched'));
      await vi.waitFor(() => expect(i18next.hasResourceBundle('ja', 'jobs')).toBe(true));
      expect(i18next.t('jobs:title')).not.toBe('title');
    } finally {
      error.mockRestore();
    }
  });

  it('puts values in as written (React escapes them on the screen), whatever i18next escapes by default', async () => {
    await initI18n('en');
    await changeLanguage('en');
    expect(i18next.t('messages:attachments.removePending', { name: 'Q&A <2027>/"final".pdf' })).toBe('Do not attach “Q&A <2027>/"final".pdf”');
  });
});

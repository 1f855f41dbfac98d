import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadMessages, pickStartLanguage } from './i18n.ts';

describe("the group's own page's messages", () => {
  it('loads its own namespace and the seat map, not every screen, and follows a language switch', async () => {
    const starting = initI18n('ja', 'core');
    // What the page's download and its seat change dialog's fetch beside their code.
    const customer = loadMessages(['customer', 'seatMap']);
    await starting;
    await customer;
    expect(i18next.hasResourceBundle('ja', 'customer')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'seatMap')).toBe(true);
    expect(i18next.hasResourceBundle('ja', 'bookings')).toBe(false);

    await changeLanguage('en');
    expect(i18next.hasResourceBundle('en', 'customer')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'seatMap')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'bookings')).toBe(false);
  });

  it('speaks Korean and Chinese on the group page, with <html lang> in BCP 47 spelling', async () => {
    await initI18n('ja', 'core');
    await loadMessages(['customer', 'seatMap']);
    await changeLanguage('ko');
    expect(i18next.t('customer:state.cancelled.title')).toBe('이 예약은 취소되었습니다');
    expect(document.documentElement.lang).toBe('ko');
    await changeLanguage('zh-hans');
    expect(i18next.t('customer:state.cancelled.title')).toBe('此预订已取消');
    expect(document.documentElement.lang).toBe('zh-Hans');
    await changeLanguage('zh-hant');
    expect(i18next.t('common:languageLabel')).toBe('顯示語言');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(i18next.hasResourceBundle('zh-hant', 'bookings')).toBe(false);
  });

  it("starts the group's page in ?lang=, else the browser's language; the staff screens stay ja/en", () => {
    localStorage.clear();
    const at = (href: string) => ({ href }) as Location;
    expect(pickStartLanguage(at('http://x.test/customer/bookings/1?token=t&lang=ko'), ['en'])).toBe('ko');
    localStorage.clear();
    expect(pickStartLanguage(at('http://x.test/customer/bookings/1?token=t'), ['zh-TW', 'en'])).toBe('zh-hant');
    expect(pickStartLanguage(at('http://x.test/customer/bookings/1?token=t'), ['zh-CN'])).toBe('zh-hans');
    expect(pickStartLanguage(at('http://x.test/bookings?lang=ko'), ['ko'])).toBe('ja');
    expect(pickStartLanguage(at('http://x.test/bookings'), ['ko'])).toBe('ja');
  });
});

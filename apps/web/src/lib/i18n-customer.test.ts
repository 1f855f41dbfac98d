import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadCustomerMessages } from './i18n.ts';

describe("the group's own page's messages", () => {
  it('loads its own namespace and the seat map, not every screen, and follows a language switch', async () => {
    const starting = initI18n('ja', 'core');
    const customer = loadCustomerMessages();
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
});

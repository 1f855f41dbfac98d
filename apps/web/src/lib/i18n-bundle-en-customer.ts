/** What the group's own page needs of the English messages beyond the first part (its page and the seat map): not every screen's (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/en/{customer,seatMap}.json', { eager: true, import: 'default' });
export default files;

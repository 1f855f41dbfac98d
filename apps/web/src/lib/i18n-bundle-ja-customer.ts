/** What the group's own page needs of the Japanese messages beyond the first part (its page and the seat map): not every screen's (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/ja/{customer,seatMap}.json', { eager: true, import: 'default' });
export default files;

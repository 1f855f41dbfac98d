/** The Traditional Chinese messages of the group's own page and its seat map (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/zh-hant/{customer,seatMap}.json', { eager: true, import: 'default' });
export default files;

/** The Korean messages of the group's own page, the only page offered in Korean: its common strings (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/ko/common.json', { eager: true, import: 'default' });
export default files;

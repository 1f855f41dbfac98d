/** The Traditional Chinese messages of the group's own page, the only page offered in Traditional Chinese: its common strings (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/zh-hant/common.json', { eager: true, import: 'default' });
export default files;

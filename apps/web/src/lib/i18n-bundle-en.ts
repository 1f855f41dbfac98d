/** The English messages every page needs (common, errors, sign-in, shell), loaded first (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>('../locales/en/{common,errors,auth,shell}.json', { eager: true, import: 'default' });
export default files;

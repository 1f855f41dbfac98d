/** Every other namespace of the English messages: loaded with the first screen past the sign-in page (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>(['../locales/en/*.json', '!../locales/en/{common,errors,auth,shell}.json'], { eager: true, import: 'default' });
export default files;

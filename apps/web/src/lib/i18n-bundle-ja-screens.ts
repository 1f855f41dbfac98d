/** Every other namespace of the Japanese messages: loaded with the first screen past the sign-in page (i18n-bundles.ts). */
const files = import.meta.glob<Record<string, unknown>>(['../locales/ja/*.json', '!../locales/ja/{common,errors,auth,shell}.json'], { eager: true, import: 'default' });
export default files;

/**
 * Every other namespace of the Japanese messages but the group's own page's (`customer`, the page's
 * own part): loaded with the first screen past the sign-in page (i18n-bundles.ts).
 */
const files = import.meta.glob<Record<string, unknown>>(['../locales/ja/*.json', '!../locales/ja/{common,errors,auth,shell,customer}.json'], { eager: true, import: 'default' });
export default files;

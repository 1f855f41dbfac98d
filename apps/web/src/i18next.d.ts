import 'i18next';
import type { Resources } from './lib/i18n-resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

import type { LocalizedLabel } from './language.ts';

/**
 * Picks the label in `language`, falling back to Japanese, then to the first one. On its own, free
 * of zod, so that a screen showing labels does not download the schemas' library.
 */
export function labelText(labels: readonly LocalizedLabel[], language: string): string {
  return (
    labels.find((l) => l.language_id === language)?.text ??
    labels.find((l) => l.language_id === 'ja')?.text ??
    labels[0]?.text ??
    ''
  );
}

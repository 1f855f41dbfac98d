/**
 * A list's filters kept in the address (so a search can be reloaded, shared and gone back to):
 * text filters as one parameter each, list filters comma-separated, empty ones left out.
 * The booking and payments lists read and write their filters through these.
 */
import { parseDateInput } from './dates.ts';
import { validationMessage } from './validation-messages.ts';

export type FilterValues<T extends string, L extends string> = Record<T, string> & Record<L, string[]>;

/** The filters named by `textKeys` and `listKeys`, as the address has them (absent: empty). */
export function readFilterParams<T extends string, L extends string = never>(
  params: URLSearchParams,
  textKeys: readonly T[],
  listKeys: readonly L[] = [],
): FilterValues<T, L> {
  const values = {} as Record<string, string | string[]>;
  for (const key of textKeys) values[key] = params.get(key) ?? '';
  for (const key of listKeys) values[key] = (params.get(key) ?? '').split(',').filter(Boolean);
  return values as FilterValues<T, L>;
}

/** The address for the filters; `keepEmpty` keys are written even when empty (a cleared default stays cleared). */
export function writeFilterParams<T extends string, L extends string = never>(
  values: FilterValues<NoInfer<T>, NoInfer<L>>,
  textKeys: readonly T[],
  listKeys: readonly L[] = [],
  keepEmpty: readonly T[] = [],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of textKeys) {
    const value = (values[key] as string).trim();
    if (value || keepEmpty.includes(key)) params.set(key, value);
  }
  for (const key of listKeys) {
    const list = values[key] as string[];
    if (list.length > 0) params.set(key, list.join(','));
  }
  return params;
}

export const isDateInput = (value: string) => parseDateInput(value) !== null;

/**
 * Form rules for a from–to pair of typed dates: each a real date when filled, the end not before
 * the start; the messages name the fields by `labels`, the screen's labels of the two dates.
 */
export function dateRangeRules<K extends string>(from: K, to: K, labels: { from: string; to: string }) {
  return {
    [from]: (value: string) => (value && !isDateInput(value) ? validationMessage.date(labels.from) : null),
    [to]: (value: string, all: Record<K, unknown>) => {
      if (value && !isDateInput(value)) return validationMessage.date(labels.to);
      const start = typeof all[from] === 'string' ? parseDateInput(all[from]) : null;
      const end = value ? parseDateInput(value) : null;
      return start && end && end < start ? validationMessage.dateOrder(labels.from, labels.to) : null;
    },
  } as Record<K, (value: string, all: Record<K, unknown>) => string | null>;
}

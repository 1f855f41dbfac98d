/**
 * The booking revision a caller last saw, sent as `If-Match: "<revision>"` (an entity tag; a weak
 * `W/"7"` or a bare `7` is read the same; `*` means any). Bad values are a 400 naming the header.
 */
import { invalid } from './app-error.ts';

const TAG = /^(?:W\/)?"?(\d{1,9})"?$/;

export function revisionOfIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '' || value === '*') return undefined;
  const match = TAG.exec(value);
  if (!match) throw invalid('If-Match', 'must be the booking\'s revision as an entity tag, e.g. "7"');
  return Number(match[1]);
}

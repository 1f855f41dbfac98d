/**
 * An article's body is plain text: it is shown as text nodes (React escapes it, nothing is ever
 * parsed as HTML), and only http(s) addresses in it become links.
 */

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An address: http(s)://, then the characters a URL may hold (ASCII only, so Japanese text around it is not swallowed). */
const URL_PATTERN = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'*]+$/;

/** Drops a trailing `)` or `]` that closes a bracket opened before the address, not inside it. */
function trimUnbalanced(url: string): string {
  let result = url;
  for (;;) {
    const next = result.replace(TRAILING, '');
    const last = next.at(-1);
    const pair = last === ')' ? '(' : last === ']' ? '[' : null;
    if (pair && next.split(pair).length - 1 < next.split(last!).length - 1) {
      result = next.slice(0, -1);
      continue;
    }
    return next;
  }
}

/** The body cut into text and links. A link's href is the address as written, checked to parse as http(s). */
export function linkSegments(body: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const url = trimUnbalanced(match[0]);
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) continue;
    const start = match.index;
    if (start > at) segments.push({ kind: 'text', text: body.slice(at, start) });
    segments.push({ kind: 'link', text: url, href: parsed.href });
    at = start + url.length;
  }
  if (at < body.length) segments.push({ kind: 'text', text: body.slice(at) });
  return segments;
}

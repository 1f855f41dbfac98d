/** Keys whose values are secrets: passwords, tokens, two-factor codes (`totp_code`, and `code` of the two-factor calls), card data. */
const SECRET_KEY = /pass(word)?|token|secret|totp|otpauth|qr_svg|authorization|cookie|card_number|cvc|cvv|^code$/i;
/** Keys whose values are whole files in base64. */
const FILE_KEY = /_base64$/i;

/** An unpaired UTF-16 surrogate: not text, and PostgreSQL cannot store it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/** The text with what PostgreSQL cannot store (NUL, unpaired surrogates) shown as U+FFFD, so a refused request can still be logged. */
export function storable(text: string): string {
  return text.replace(UNSTORABLE, '\ufffd');
}

/**
 * Query parameters whose values are secrets: a booking's, a password reset's or an invitation's
 * `token`, and whatever a caller might put a key, a session or a signature in.
 */
const SECRET_QUERY = /token|pass(word)?|secret|key|session|signature|^sig$|^code$|^ref$|authorization/i;
/**
 * Path segments that are secrets, after the segments that lead to them: a customer's voucher link
 * (`/voucher/{booking}/{token}`), a card checkout's reference (the sandbox's page
 * `/sandbox-checkout/{ref}` and its calls `/v1/sandbox-gateway/checkouts/{ref}`), and anything
 * named like a token. Matched anywhere in the path, in any letter case.
 */
const SECRET_SEGMENT = /(\/voucher\/[^/?#]*\/|\/sandbox-checkout\/|\/checkouts\/|\/tokens?\/)[^/?#]+/gi;
/** An agent's API key (`sgk_` and 43 base64url characters) wherever it turns up. */
const API_KEY = /sgk_[A-Za-z0-9_-]+/g;
export const REDACTED = '[REDACTED]';

/**
 * A request's URL as the request log may show it: the path and the names of its query
 * parameters kept, the secrets in them replaced. The rest stays byte for byte as it came.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  const query = at < 0 ? undefined : url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      // a name that does not decode is matched as it came
    }
    return SECRET_QUERY.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  }).join('&');
  return (query === undefined ? path : `${path}?${query}`).replace(API_KEY, `sgk_${REDACTED}`);
}

/**
 * An error's text (message or stack) as the log may show it: a failed query's parameters (a token,
 * a password's hash) and the secrets of any URL in it replaced. Drizzle puts the parameters after
 * `params:`, up to the stack's first frame.
 */
export function redactErrorText(text: string): string {
  return text
    .replace(/(\nparams: )[\s\S]*?(?=\n\s+at |$)/g, `$1${REDACTED}`)
    .replace(/\/[^\s'"`]*/g, (path) => redactUrl(path))
    .replace(API_KEY, `sgk_${REDACTED}`);
}

/** A deep copy with secrets replaced, for the operation log. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[TRUNCATED]';
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      // An uploaded file (csv_base64, a logo's base64) is kept out of the log: its size says enough.
      if (FILE_KEY.test(key) && typeof v === 'string') out[storable(key)] = `[file, ${v.length} base64 characters]`;
      else out[storable(key)] = SECRET_KEY.test(key) && v !== null && v !== undefined ? '[REDACTED]' : redact(v, depth + 1);
    }
    return out;
  }
  return value;
}

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

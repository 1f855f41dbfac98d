const SECRET_KEY = /pass(word)?|token|secret|totp|otpauth|qr_svg|authorization|cookie|card_number|cvc|cvv/i;

/** A deep copy with secrets replaced, for the operation log. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[TRUNCATED]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) && v !== null && v !== undefined ? '[REDACTED]' : redact(v, depth + 1);
    }
    return out;
  }
  return value;
}

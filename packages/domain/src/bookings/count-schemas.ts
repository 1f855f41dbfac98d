import { z } from 'zod';
import { wholeNumberMessage, type CountRange } from './counts.ts';

// Apart from counts.ts, which the web screens import: importing zod at all brings the whole library.
/** A zod number that must be a whole number in the range; every refusal names the range. */
export function wholeNumber(range: CountRange) {
  const message = wholeNumberMessage(range);
  return z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
}

/**
 * Password rule of the specification: at least 8 characters combining upper case, lower case,
 * a digit and a symbol; and (DESIGN §8) common passwords refused even when they fit that shape;
 * and (DESIGN §10) none containing the account's e-mail address, or its local part when that
 * has 4 or more characters (case-insensitive), nor a password published with the product (the
 * demo accounts') on an install without demo data.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem =
  | 'too_short'
  | 'too_long'
  | 'needs_upper'
  | 'needs_lower'
  | 'needs_digit'
  | 'needs_symbol'
  | 'too_common'
  | 'contains_email'
  | 'published';

/** The demo accounts' password, published in the README: refused on an install without demo data. */
export const DEMO_PASSWORD = 'Sagano#2026';

/** A local part shorter than this (a@…, ab@…) is too short to be worth refusing inside a password. */
export const EMAIL_LOCAL_PART_MIN = 4;

/** What else a password is checked against: its account, and passwords this install must refuse. */
export interface PasswordContext {
  /** The account's e-mail address. */
  email?: string | null;
  /** Passwords published with the product (the demo accounts'), refused where no demo data is installed. */
  published?: readonly string[];
}

/** Whether the password holds the address, or its local part of 4 or more characters, in any case. */
export function containsEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  if (lower.includes(address)) return true;
  const local = address.split('@')[0] ?? '';
  return local.length >= EMAIL_LOCAL_PART_MIN && lower.includes(local);
}

// Words that make up most "policy-shaped" leaked passwords (Password1!, Qwerty123$ ...).
const COMMON_WORDS = new Set([
  'password', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'qwerty', 'qwertyuiop', 'asdfgh',
  'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'welcome', 'letmein', 'admin', 'administrator', 'iloveyou',
  'monkey', 'dragon', 'sunshine', 'princess', 'football', 'baseball', 'master', 'superman',
  'batman', 'trustno', 'abc', 'abcd', 'abcdef', 'abcdefg', 'abcdefgh', 'secret', 'changeme',
  'login', 'hello', 'freedom', 'whatever', 'shadow', 'michael', 'charlie', 'jennifer', 'summer',
  'winter', 'spring', 'autumn', 'computer', 'internet', 'test', 'tester', 'testing', 'guest',
  'user', 'default', 'root', 'toor', 'japan', 'tokyo', 'kyoto', 'nihon', 'sakura', 'pokemon',
  'naruto', 'qazwsx', 'q1w2e3r4', '1q2w3e4r', 'aa', 'aaa', 'aaaa', 'xyz', 'company', 'office',
]);

const COMMON_EXACT = new Set([
  'password1!', 'password123!', 'p@ssw0rd', 'p@ssw0rd1', 'p@ssword1', 'passw0rd!', 'qwerty123!',
  'qwerty1!', 'welcome1!', 'welcome123!', 'admin123!', 'admin@123', 'letmein1!', 'abc123!@#',
  'abcd1234!', 'aa123456!', 'iloveyou1!', 'changeme1!', 'test1234!', 'zaq12wsx!', '1qaz2wsx!',
  '1qaz!qaz', '!qaz2wsx', 'qwe123!@#', 'p@$$w0rd', 'pa$$w0rd', 'summer2024!', 'winter2024!',
]);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_EXACT.has(lower)) return true;
  // Strip the digits and symbols people add around a word to satisfy a policy.
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (COMMON_WORDS.has(core) || COMMON_WORDS.has(lower.replace(/[^a-z@$0]/g, ''))) return true;
  // A run like 12345678 or aaaaaaaa hidden behind one upper-case letter and one symbol.
  const letters = lower.replace(/[^a-z0-9]/g, '');
  return /^(.)\1+$/.test(letters) || '0123456789abcdefghijklmnopqrstuvwxyz'.includes(letters);
}

/** Every rule the password breaks, empty when it is acceptable. */
export function passwordProblems(password: string, context: PasswordContext = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('too_long');
  if (!/[A-Z]/.test(password)) problems.push('needs_upper');
  if (!/[a-z]/.test(password)) problems.push('needs_lower');
  if (!/[0-9]/.test(password)) problems.push('needs_digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('needs_symbol');
  if (problems.length === 0 && isCommon(password)) problems.push('too_common');
  if (context.email && containsEmail(password, context.email)) problems.push('contains_email');
  if (context.published?.some((p) => p.toLowerCase() === password.toLowerCase())) problems.push('published');
  return problems;
}

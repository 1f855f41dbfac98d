import type { LoginBody, SessionUser } from '@sagano/domain/auth/auth-schemas';
import { DEMO_PASSWORD, passwordProblems, type PasswordContext } from '@sagano/domain/auth/password-policy';
import { operatorMayLogIn } from '@sagano/domain/auth/roles';
import type { Config } from '../../config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Db, Executor } from '../../db/client.ts';
import QRCode from 'qrcode';
import { AppError, RetryLater, wholeSeconds } from '../../lib/app-error.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { enqueueMail, passwordResetMail } from '../mail/index.ts';
import {
  clearTotp,
  enrollTotp,
  findAccountByEmail,
  findAccountById,
  findSessionAccount,
  pendingTotpSecret,
  setPassword,
  setPendingTotpSecret,
  takeTotpStep,
  type AccountWithProfile,
} from './accounts.repository.ts';
import { limitingFailureAt, recordAttempt } from './login-attempts.repository.ts';
import { consumeResetToken, insertResetToken, type ResetPurpose } from './password-reset.repository.ts';
import { sessionUserOf, type Principal } from './principal.ts';
import { deleteSession, deleteSessionByTokenHash, deleteSessionsOf, insertSession, touchSession } from './sessions.repository.ts';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const RESET_LINK_TTL_MS = 60 * 60_000;
/** How authenticator apps name this product's codes. */
const TOTP_ISSUER = '嵯峨野トロッコ列車 団体予約';
const INVITE_LINK_TTL_MS = 72 * 60 * 60_000;
/**
 * Writing last_seen_at on every request would turn reads into writes, so it is written when it
 * is older than a thirtieth of the idle window (at most once a minute). A session may so end up
 * to that much early: 2 s with a one-minute window, a minute with the default two hours. (A
 * fixed minute made a one-minute window end sessions that were in use.)
 */
export function touchIntervalMs(idleMs: number): number {
  return Math.min(60_000, Math.floor(idleMs / 30));
}

export interface LoginResult {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  user: SessionUser;
}

/** Refuses a password that breaks the policy, naming the field; the shape first, then the rest. */
function requirePolicy(password: string, field: string, context: PasswordContext = {}): void {
  const problems = passwordProblems(password, context);
  if (problems.length === 0) return;
  const shape = problems.filter((p) => p !== 'too_common' && p !== 'contains_email' && p !== 'published');
  if (shape.length > 0) {
    throw new AppError(
      'PASSWORD_POLICY_VIOLATION',
      `${field}: use 8 or more characters combining upper case, lower case, digits and symbols (${shape.join(', ')})`,
      field,
    );
  }
  if (problems.includes('too_common')) throw new AppError('PASSWORD_TOO_COMMON', `${field}: this password is too common; choose another`, field);
  if (problems.includes('contains_email')) throw new AppError('PASSWORD_CONTAINS_EMAIL', `${field}: must not contain the account's e-mail address or the part before the @`, field);
  throw new AppError('PASSWORD_PUBLISHED', `${field}: this is the published demo password; choose another`, field);
}

function mayLogIn(account: AccountWithProfile): boolean {
  return account.kind === 'AGENT' || (account.userGroup !== null && operatorMayLogIn(account.userGroup));
}

/** Sign-in, sessions and passwords (DESIGN §8). */
export function createAuthService({ db, config, secrets }: { db: Db; config: Config; secrets: SecretBox }) {
  const idleMs = config.sessionIdleMinutes * 60_000;
  const touchMs = touchIntervalMs(idleMs);
  // The demo accounts' password is published: an install without demo data refuses it.
  const published = config.demoData ? [] : [DEMO_PASSWORD];

  /** A stored two-factor secret in plain text; one sealed with another key cannot be checked (503). */
  function totpSecretOf(stored: string, accountId: string): string {
    try {
      return secrets.open(stored, accountId);
    } catch {
      throw new AppError('TOTP_KEY_MISMATCH', 'two-factor sign-in cannot be checked: the secret was sealed with another key (TOTP_SECRET_KEY)');
    }
  }
  const absoluteMs = config.sessionAbsoluteHours * 3_600_000;

  async function issueResetLink(work: Work, account: AccountWithProfile, purpose: ResetPurpose): Promise<void> {
    const token = newToken();
    const ttl = purpose === 'INVITE' ? INVITE_LINK_TTL_MS : RESET_LINK_TTL_MS;
    await insertResetToken(work.tx, { tokenHash: hashToken(token), accountId: account.id, purpose, expiresAt: new Date(Date.now() + ttl) });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = passwordResetMail(account.languageCode, { name: account.name, link, purpose, hours: ttl / 3_600_000 });
    await enqueueMail(work, { kind: purpose === 'INVITE' ? 'account.invitation' : 'account.password_reset', toAddress: account.email, ...mail });
  }

  return {
    /** Checks the password (and its limits) and opens a new session. */
    async login(input: LoginBody, meta: { ip: string; userAgent: string; previousToken?: string }): Promise<LoginResult> {
      const emailKey = input.email.trim().toLowerCase();
      // Counted from the attempts in the database: every server sees the same failures.
      const holding = await limitingFailureAt(db, emailKey, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS), LOGIN_FAILURE_LIMIT);
      if (holding) {
        const seconds = wholeSeconds(holding.getTime() + LOGIN_FAILURE_WINDOW_MS - Date.now());
        throw new RetryLater('LOGIN_ATTEMPT_LIMIT_EXCEEDED', 'login attempt limit exceeded, try again later or reset the password', seconds);
      }
      const account = await findAccountByEmail(db, emailKey);
      const ok = account?.passwordHash
        ? await verifyPassword(account.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      // A wrong password or an unknown address gets one answer, so it never tells whether an
      // address has an account. Only with its right password does an account that may not sign
      // in (train crew) hear so (spec 001 §8 "Login refused"): that tells nothing to a stranger.
      // Either way no session opens, so the attempt counts as failed.
      if (!account || !ok) {
        await recordAttempt(db, emailKey, false, meta.ip);
        throw new AppError('LOGIN_FAILED', 'login name or password is wrong');
      }
      if (!mayLogIn(account)) {
        await recordAttempt(db, emailKey, false, meta.ip);
        throw new AppError('LOGIN_NOT_ALLOWED', `${account.email} cannot log in`);
      }
      if (account.totpEnrolledAt && account.totpSecret) {
        if (!input.totp_code) throw new AppError('TOTP_REQUIRED', 'totp_code: enter the code from your authenticator app', 'totp_code');
        const step = verifyTotp(totpSecretOf(account.totpSecret, account.id), input.totp_code, new Date(), account.totpLastStep);
        // A wrong code, or one already used (replayed), counts as a failed attempt.
        if (step === null || !(await takeTotpStep(db, account.id, step))) {
          await recordAttempt(db, emailKey, false, meta.ip);
          throw new AppError('TOTP_INVALID', 'totp_code: the code is wrong or was already used; wait for the next one', 'totp_code');
        }
      }

      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(Date.now() + absoluteMs);
      await db.transaction(async (tx) => {
        await recordAttempt(tx, emailKey, true, meta.ip);
        // Rotation: a session presented at login is ended, the new one gets a fresh token.
        if (meta.previousToken) await deleteSessionByTokenHash(tx, hashToken(meta.previousToken));
        await insertSession(tx, { tokenHash: hashToken(token), csrfToken, accountId: account.id, expiresAt, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) });
      });
      return { token, csrfToken, expiresAt, user: sessionUserOf(account) };
    },

    /** The caller behind a token, or null when the session is unknown, idle too long or expired. */
    async resolveSession(token: string, viaCookie: boolean): Promise<Principal | null> {
      if (token.length > 200) return null;
      const now = new Date();
      const found = await findSessionAccount(db, hashToken(token), now);
      if (!found) return null;
      const { session, account } = found;
      if (now.getTime() - session.lastSeenAt.getTime() > idleMs) {
        await deleteSession(db, session.id);
        return null;
      }
      if (!mayLogIn(account)) return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= touchMs) await touchSession(db, session.id, now);
      return { accountId: account.id, sessionId: session.id, csrfToken: session.csrfToken, viaCookie, expiresAt: session.expiresAt, user: sessionUserOf(account) };
    },

    /** Whether a session still stands, without counting as activity (an open event stream is not someone at work). */
    async sessionStands(token: string): Promise<boolean> {
      if (token.length > 200) return false;
      const now = new Date();
      const found = await findSessionAccount(db, hashToken(token), now);
      return !!found && now.getTime() - found.session.lastSeenAt.getTime() <= idleMs && mayLogIn(found.account);
    },

    async logout(executor: Executor, principal: Principal): Promise<void> {
      await deleteSession(executor, principal.sessionId);
    },

    /** Changes the caller's password and ends their other sessions. */
    async changePassword(work: Work, principal: Principal, current: string, next: string): Promise<void> {
      const account = await findAccountById(work.tx, principal.accountId);
      if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, current))) {
        throw new AppError('CURRENT_PASSWORD_WRONG', 'current_password: the current password is wrong', 'current_password');
      }
      requirePolicy(next, 'new_password', { email: account.email, published });
      if (await verifyPassword(account.passwordHash, next)) {
        throw new AppError('PASSWORD_POLICY_VIOLATION', 'new_password: choose a password different from the current one', 'new_password');
      }
      await setPassword(work.tx, account.id, await hashPassword(next));
      await deleteSessionsOf(work.tx, account.id, principal.sessionId);
    },

    /** Mails a single-use link when the address belongs to an account of that role; silent otherwise. */
    async requestPasswordReset(work: Work, role: 'ADMIN' | 'AGENT', email: string): Promise<void> {
      const account = await findAccountByEmail(work.tx, email, role === 'ADMIN' ? 'OPERATOR' : 'AGENT');
      if (!account || !mayLogIn(account)) return;
      await issueResetLink(work, account, 'RESET');
    },

    issueResetLink,

    /** A new secret for the caller to scan; the current second factor (if any) stays until a code confirms the new one. */
    async startTotpSetup(work: Work, principal: Principal): Promise<{ secret: string; otpauth_uri: string; qr_svg: string }> {
      const secret = newTotpSecret();
      await setPendingTotpSecret(work.tx, principal.accountId, secrets.seal(secret, principal.accountId));
      const uri = otpauthUri(TOTP_ISSUER, principal.user.email, secret);
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
    },

    /** A code from the new secret enrolls it; other sessions end (they were opened without it). */
    async confirmTotp(work: Work, principal: Principal, code: string): Promise<void> {
      const sealed = await pendingTotpSecret(work.tx, principal.accountId);
      if (!sealed) throw new AppError('CONFLICT', 'start two-factor setup first');
      const step = verifyTotp(totpSecretOf(sealed, principal.accountId), code, new Date(), null);
      if (step === null) throw new AppError('TOTP_CODE_WRONG', 'code: the code is wrong; check the time on your phone and try the next one', 'code');
      await enrollTotp(work.tx, principal.accountId, sealed, step);
      await deleteSessionsOf(work.tx, principal.accountId, principal.sessionId);
    },

    /** Turns the caller's second factor off with a current code, unless their agent requires it. */
    async disableTotp(work: Work, principal: Principal, code: string): Promise<void> {
      const account = await findAccountById(work.tx, principal.accountId);
      if (!account?.totpSecret) throw new AppError('CONFLICT', 'two-factor sign-in is not enrolled');
      if (account.agentRequiresTotp) throw new AppError('TOTP_REQUIRED_BY_AGENT', 'your agent requires two-factor sign-in for every staff member');
      const step = verifyTotp(totpSecretOf(account.totpSecret, account.id), code, new Date(), account.totpLastStep);
      if (step === null || !(await takeTotpStep(work.tx, account.id, step))) throw new AppError('TOTP_CODE_WRONG', 'code: the code is wrong or was already used', 'code');
      await clearTotp(work.tx, account.id);
    },

    /** Sets a new password from a mailed link; the link works once, and every session ends. */
    async completePasswordReset(work: Work, token: string, password: string): Promise<void> {
      requirePolicy(password, 'password', { published });
      const accountId = await consumeResetToken(work.tx, hashToken(token), new Date());
      if (!accountId) throw new AppError('RESET_TOKEN_INVALID', 'token: this link is invalid or has expired; request a new one', 'token');
      // Refused here, the transaction keeps the link unused.
      requirePolicy(password, 'password', { email: (await findAccountById(work.tx, accountId))?.email, published });
      await setPassword(work.tx, accountId, await hashPassword(password));
      await deleteSessionsOf(work.tx, accountId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export { requirePolicy };

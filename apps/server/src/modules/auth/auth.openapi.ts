/** The contract of the auth calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const authContract: AreaContract[] = [defineArea('auth', 'Signing in and out, the current account, two-factor sign-in and passwords.', {
  'POST /v1/auth/login': { id: 'auth.login', summary: 'Sign in', description: 'Answers a session token (use it as `Authorization: Bearer`) and sets the session cookie. Agent staff with two-factor sign-in send `totp_code` too. Attempts are limited per address and account.', errors: ['LOGIN_FAILED', 'TOTP_REQUIRED', 'TOTP_INVALID', 'LOGIN_NOT_ALLOWED', 'LOGIN_ATTEMPT_LIMIT_EXCEEDED', 'TOTP_KEY_MISMATCH'] },
  'POST /v1/auth/logout': { id: 'auth.logout', summary: 'Sign out', description: 'Ends the session.' },
  'GET /v1/auth/me': { id: 'auth.me', summary: 'Read the signed-in account', description: 'The account, its capabilities and the CSRF token cookie sessions send on changes.' },
  'POST /v1/auth/totp/setup': { id: 'auth.setupTotp', summary: 'Start two-factor setup', description: 'Answers a new secret and its QR code for an authenticator app.' },
  'POST /v1/auth/totp/confirm': { id: 'auth.confirmTotp', summary: 'Finish two-factor setup', description: 'Turns two-factor sign-in on with a first code from the app.', errors: ['TOTP_CODE_WRONG'] },
  'DELETE /v1/auth/totp': { id: 'auth.disableTotp', summary: 'Turn two-factor sign-in off', description: 'Not possible while the account\'s agent requires it.', errors: ['TOTP_CODE_WRONG', 'TOTP_REQUIRED_BY_AGENT'] },
  'PUT /v1/auth/password': { id: 'auth.changePassword', summary: 'Change the password', errors: ['CURRENT_PASSWORD_WRONG', 'PASSWORD_POLICY_VIOLATION', 'PASSWORD_TOO_COMMON', 'PASSWORD_CONTAINS_EMAIL', 'PASSWORD_PUBLISHED'] },
  'POST /v1/reset-password': { id: 'auth.requestPasswordReset', summary: 'Ask for a password reset link', description: 'Mails a single-use link if the address has an account; the answer is the same either way.' },
  'PUT /v1/reset-password': { id: 'auth.completePasswordReset', summary: 'Set a new password with a reset link', errors: ['RESET_TOKEN_INVALID', 'PASSWORD_POLICY_VIOLATION', 'PASSWORD_TOO_COMMON', 'PASSWORD_CONTAINS_EMAIL', 'PASSWORD_PUBLISHED'] },
})];

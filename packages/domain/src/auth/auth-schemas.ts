import { z } from 'zod';
import { AGENT_TYPES } from '../agents/agent-constants.ts';
import { ACCOUNT_KINDS, ROLES, STAFF_TYPES, USER_GROUPS, USER_TYPES } from './roles.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';

export const LoginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  totp_code: z.string().regex(/^\d{6}$/).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in account as the API reports it (GET /v1/auth/me, login answer). */
export const SessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  language_code: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  role: z.enum(ROLES),
  user_group: z.enum(USER_GROUPS).nullable(),
  user_type: z.enum(USER_TYPES).nullable(),
  agent_id: z.number().int().nullable(),
  agent_sub_group_id: z.number().int().nullable(),
  staff_type: z.enum(STAFF_TYPES).nullable(),
  /** The agent's contract type (agent staff only): what it pays with decides which screens it has. */
  agent_type: z.enum(AGENT_TYPES).nullable().optional(),
  /** Signs in with a one-time code. */
  totp_enrolled: z.boolean(),
  /** The agent requires two-factor sign-in and this account has not enrolled: nothing else is open until it does. */
  totp_setup_required: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST /v1/auth/totp/setup: a new secret to scan; it becomes active once a code from it is confirmed. */
export const TotpSetupResponse = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export const TotpCodeBody = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'enter the 6-digit code') });

export const LoginResponse = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  user: SessionUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z.object({ user: SessionUser, expires_at: z.string() });
export type MeResponse = z.infer<typeof MeResponse>;

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const RESET_ROLES = ['ADMIN', 'AGENT'] as const;

export const RequestPasswordResetBody = z.object({
  role: z.enum(RESET_ROLES),
  email: z.email().max(254),
});
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBody>;

export const CompletePasswordResetBody = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type CompletePasswordResetBody = z.infer<typeof CompletePasswordResetBody>;

// The cookie names live in a zod-free module the web app's first download can import.
export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './auth-cookies.ts';

/**
 * Accounts: credentials shared by operator users and agent staff, sessions, login attempts and password resets.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccountKind, StaffType, UserGroup, UserType } from '@sagano/domain/auth/roles';
import { createdAt, updatedAt } from './columns.ts';
import { agentGroups, agents } from './agents.ts';

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    kind: text('kind').$type<AccountKind>().notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    /** A secret shown for enrollment, active only once a code from it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`),
    check('accounts_kind', sql`${t.kind} in ('OPERATOR', 'AGENT')`),
  ],
);

/** A person's row is keyed by the account they sign in with, and goes with it. */
const accountKey = () =>
  uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** What an operator user and an agent staff member both have: name, phone and language. */
const personColumns = () => ({
  name: text('name').notNull(),
  tel: text('tel').notNull().default(''),
  languageCode: text('language_code').notNull().default('ja'),
});

/** The agent and the branch (agent group) a staff member or an API key acts for; it goes with either. */
const agentBranch = () => ({
  agentId: integer('agent_id')
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' }),
  groupId: integer('group_id')
    .notNull()
    .references(() => agentGroups.id, { onDelete: 'cascade' }),
});

export const operatorUsers = pgTable(
  'operator_users',
  {
    accountId: accountKey(),
    ...personColumns(),
    userGroup: text('user_group').$type<UserGroup>().notNull(),
    userType: text('user_type').$type<UserType>().notNull(),
  },
  (t) => [
    check('operator_users_group', sql`${t.userGroup} in ('BACK_OFFICE', 'STATION', 'TRAIN')`),
    check('operator_users_type', sql`${t.userType} in ('ADMIN', 'STAFF')`),
  ],
);

export const agentStaffs = pgTable(
  'agent_staffs',
  {
    accountId: accountKey(),
    ...agentBranch(),
    ...personColumns(),
    staffType: text('staff_type').$type<StaffType>().notNull(),
  },
  (t) => [
    index('agent_staffs_group_idx').on(t.groupId),
    check('agent_staffs_type', sql`${t.staffType} in ('ADMIN', 'STAFF')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailKey: text('email_key').notNull(),
    succeeded: boolean('succeeded').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_email_idx').on(t.emailKey, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash').on(t.tokenHash)],
);

/**
 * API keys an agent's admin creates for the agent's own booking system (issue 21): the key acts
 * as staff of the branch it names, on /v1 only. Shown once; only its SHA-256 digest is kept.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    ...agentBranch(),
    name: text('name').notNull(),
    /** The key's first characters, shown to tell keys apart (never enough to use it). */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the key (hex); the key itself is never stored. */
    keyHash: text('key_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [index('api_keys_agent_idx').on(t.agentId)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const accountsTableOwners = {
  accounts: 'auth',
  operator_users: 'users',
  agent_staffs: 'agents',
  sessions: 'auth',
  login_attempts: 'auth',
  password_reset_tokens: 'auth',
  api_keys: 'api-keys',
} as const;

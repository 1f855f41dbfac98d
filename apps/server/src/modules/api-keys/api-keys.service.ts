/**
 * API keys for agents' own systems (issue 21, DESIGN §10 "API keys"): an agent admin creates and
 * revokes them; a key signs a request in as staff of the branch it names.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_OPERATOR_PREFIX, API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, type ApiKeyRow, type CreateApiKeyBody, type CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import { agentRole } from '@sagano/domain/auth/roles';
import type { Executor } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { findApiKey, findLiveApiKey, findOwnGroup, insertApiKey, listApiKeys, revokeApiKey, touchApiKey, type ApiKeyRecord } from './api-keys.repository.ts';

/** last_used_at is written at most this often per key, so a busy key's reads do not each write. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

/**
 * The stand-in account id of a key's calls (notes it writes, bookings it submits): unique per key
 * and never an account's (accounts get random v4 ids), so a key edits only its own notes.
 */
export function apiKeyAccountId(keyId: number): string {
  return `00000000-0000-4000-8000-${keyId.toString(16).padStart(12, '0')}`;
}

function rowOf(r: ApiKeyRecord): ApiKeyRow {
  return {
    id: r.id,
    name: r.name,
    group_id: r.groupId,
    group_name: r.groupName,
    prefix: r.prefix,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
    revoked_by: r.revokedBy,
  };
}

/** Only the agent's admins (head-office ADMIN staff) manage its keys; a key never manages keys. */
function requireKeyManager(principal: Principal): number {
  const u = principal.user;
  if (principal.apiKey || u.kind !== 'AGENT' || u.role !== 'agentAdmin' || u.agent_id === null) throw forbidden('only the agent\'s administrators manage API keys');
  return u.agent_id;
}

/** An agent's API keys: managed by its admins, and the look-up that signs a key's requests in. */
export function createApiKeysService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    /** The caller a live key stands for, or null (unknown, revoked, or not a key at all). */
    async resolve(key: string, now = new Date()): Promise<Principal | null> {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
      const found = await findLiveApiKey(db, hashToken(key));
      if (!found) return null;
      if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= API_KEY_TOUCH_INTERVAL_MS) await touchApiKey(db, found.id, now, API_KEY_TOUCH_INTERVAL_MS);
      const accountId = apiKeyAccountId(found.id);
      return {
        accountId,
        sessionId: `api-key:${found.id}`,
        csrfToken: '',
        viaCookie: false,
        // A key does not expire; it works until revoked.
        expiresAt: new Date(now.getTime() + API_KEY_TOUCH_INTERVAL_MS),
        apiKey: { id: found.id, name: found.name },
        user: {
          uid: accountId,
          email: `${API_KEY_OPERATOR_PREFIX}${found.name}`,
          name: found.name,
          language_code: 'ja',
          kind: 'AGENT',
          // Exactly as STAFF of the key's group: the head office's staff act for the agent, a branch's for the branch.
          role: agentRole('STAFF', found.groupIsRoot),
          user_group: null,
          user_type: null,
          agent_id: found.agentId,
          agent_sub_group_id: found.groupIsRoot ? null : found.groupId,
          staff_type: 'STAFF',
          totp_enrolled: false,
          totp_setup_required: false,
        },
      };
    },

    /** Whether a key still signs in (not revoked), without counting a use: the event stream's heartbeat check. */
    async stands(key: string): Promise<boolean> {
      return key.startsWith(API_KEY_PREFIX) && key.length <= 200 && (await findLiveApiKey(db, hashToken(key))) !== undefined;
    },

    /** The agent's keys (revoked ones too, with when and by whom). */
    async list(principal: Principal): Promise<ApiKeyRow[]> {
      const agentId = requireKeyManager(principal);
      return (await listApiKeys(db, agentId)).map(rowOf);
    },

    /** A new key for one of the agent's groups; the answer is the only place the key appears. */
    async create(work: Work, principal: Principal, body: CreateApiKeyBody): Promise<CreatedApiKeyResponse> {
      const agentId = requireKeyManager(principal);
      const group = await findOwnGroup(work.tx, agentId, body.group_id);
      if (!group) throw invalid('group_id', 'choose one of your own branches');
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await insertApiKey(work.tx, { agentId, groupId: group.id, name: body.name, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashToken(key), createdBy: principal.user.email });
      const created = await findApiKey(work.tx, id);
      return { ...rowOf(created!), key };
    },

    /** Revokes one of the agent's keys: it answers 401 from now on. Another agent's key is "not found". */
    async revoke(work: Work, principal: Principal, id: number): Promise<ApiKeyRow> {
      const agentId = requireKeyManager(principal);
      const existing = await findApiKey(work.tx, id);
      if (!existing || existing.agentId !== agentId) throw notFound('API key');
      await revokeApiKey(work.tx, id, principal.user.email, new Date());
      return rowOf((await findApiKey(work.tx, id))!);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

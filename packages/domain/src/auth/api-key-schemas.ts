/**
 * API keys for an agent's own booking system (issue 21): an agent admin names a key and the
 * branch it acts for; the key is shown once and then only its first characters.
 */
import { z } from 'zod';

/** Every key starts so; the server tells keys from session tokens by it. */
export const API_KEY_PREFIX = 'sgk_';
/** How many of the key's first characters are kept and shown to tell keys apart (the prefix and 8 more). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
/** The operation log names a key's calls `api-key:<name>`. */
export const API_KEY_OPERATOR_PREFIX = 'api-key:';

export const ApiKeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const MAX_API_KEY_NAME = 100;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, 'enter a name').max(MAX_API_KEY_NAME),
  /** The branch (agent group) the key acts for: one of the agent's own groups. */
  group_id: z.number().int().positive().max(2_147_483_647),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  /** The key's first characters (never enough to use it). */
  prefix: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

export const ApiKeyListResponse = z.object({ api_keys: z.array(ApiKeyRow) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

/** The answer to creating a key: the only time the key itself is shown. */
export const CreatedApiKeyResponse = ApiKeyRow.extend({ key: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;

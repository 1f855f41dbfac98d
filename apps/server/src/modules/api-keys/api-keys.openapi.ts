/** The contract of the API key calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

const KEY = {
  id: 3,
  name: 'Booking engine (production)',
  group_id: 12,
  group_name: '京都さくら旅行 本社',
  prefix: 'sgk_Q2h4bTk3',
  created_by: 'admin@sakura-travel.example',
  created_at: '2027-05-01T01:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  revoked_by: null,
};

const MANAGERS = 'Only the agent\'s administrators (head-office administrators) may call this; branch administrators, staff, the operator\'s accounts and API keys themselves are refused (403).';

export const apiKeysContract: AreaContract[] = [defineArea('api-keys', 'API keys for an agent\'s own booking system, created and revoked by the agent\'s administrators in the agent portal. A key acts as staff of the branch it was made for (see the introduction).', {
  'GET /v1/api-keys': {
    id: 'apiKeys.list',
    summary: 'List the agent\'s API keys',
    description: `The agent's keys, revoked ones included (with when and by whom), each with its first characters (\`prefix\`), never the key itself. ${MANAGERS}`,
    examples: { response: { api_keys: [{ ...KEY, last_used_at: '2027-06-09T23:58:12.000Z' }] } },
  },
  'POST /v1/api-keys': {
    id: 'apiKeys.create',
    summary: 'Create an API key',
    description: `Creates a key acting for one of the agent's own branches (\`group_id\`; another agent's branch is a \`400 VALIDATION_FAILED\` naming \`group_id\`). The answer is the only place the key (\`key\`) ever appears: store it then. ${MANAGERS}`,
    examples: { request: { name: 'Booking engine (production)', group_id: 12 }, response: { ...KEY, key: 'sgk_Q2h4bTk3xVd0Yk9Lc2FnYW5vLWV4YW1wbGUta2V5LTAwMQ' } },
  },
  'DELETE /v1/api-keys/{id}': {
    id: 'apiKeys.revoke',
    summary: 'Revoke an API key',
    description: `Revokes the key at once: calls made with it answer \`401 UNAUTHENTICATED\` from then on, public calls included. Revoking a revoked key answers it unchanged (the first revocation is kept); another agent's key answers 404. ${MANAGERS}`,
    examples: { response: { ...KEY, revoked_at: '2027-06-10T02:15:00.000Z', revoked_by: 'admin@sakura-travel.example' } },
  },
})];

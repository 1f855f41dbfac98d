#!/usr/bin/env node
/**
 * Prepares a server with the demo data for the public OCTO validator (ADR 039, "The validator"),
 * through the product's own calls, as the operator and an agent would:
 * - the admin sets the minimum group to 1 (three of the validator's scenarios book 2 travellers);
 * - the admin adds an instant confirmation rule for the OCTO channel and the staff member approves
 *   it (the validator expects a confirmed booking to be CONFIRMED at once);
 * - agent-free@example.com makes an API key for its head office, printed on stdout.
 *
 *   node scripts/octo-validator-setup.mjs http://127.0.0.1:3917
 *
 * Only for a demo server: it signs in with the demo password and changes the operator's settings.
 */
const base = process.argv[2];
if (!base) {
  console.error('usage: node scripts/octo-validator-setup.mjs <server address, e.g. http://127.0.0.1:3917>');
  process.exit(2);
}
const DEMO_PASSWORD = 'Sagano#2026';
const RULE_NAME = 'OCTO 即時確定（検証）';

/** Signs in and answers a caller of the API with the session's cookies and CSRF header. */
async function session(email) {
  const res = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('sagano_csrf='))?.split('=')[1] ?? '');
  return async (method, path, body) => {
    const r = await fetch(`${base}${path}`, { method, headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

const admin = await session('admin@example.com');
const { name, tel, business_hours, address, invoice_number } = await admin('GET', '/v1/master-data/operator-basic-info');
await admin('PUT', '/v1/master-data/operator-basic-info', { name, tel, business_hours, address, invoice_number, min_group_size: 1 });
const submitted = await admin('POST', '/v1/instant-confirmation-rules', { name: RULE_NAME, agent_ids: null, channels: ['OCTO'], max_participants: 200, min_days_ahead: 0, only_sufficient_level: false, auto_assign_seats: false });
const staff = await session('staff@example.com');
await staff('PUT', `/v1/approvals/${submitted.approval_id}/approve`, {});
// The approval is applied by a job: wait until the rule is on.
let live = false;
for (let i = 0; i < 30 && !live; i++) {
  const { instant_confirmation_rules: rules } = await admin('GET', '/v1/instant-confirmation-rules');
  live = rules.some((r) => r.name === RULE_NAME && r.enabled);
  if (!live) await new Promise((resolve) => setTimeout(resolve, 1000));
}
if (!live) throw new Error('the instant confirmation rule was not applied within 30 s');
const agent = await session('agent-free@example.com');
const me = await agent('GET', '/v1/auth/me');
const own = await agent('GET', `/v1/agents/${me.agent_id ?? me.user?.agent_id}`);
const headOffice = own.groups.find((g) => g.is_root);
const created = await agent('POST', '/v1/api-keys', { name: 'OCTO validator', group_id: headOffice.id });
console.log(created.key);

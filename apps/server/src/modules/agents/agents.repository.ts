import { sql } from 'drizzle-orm';
import { PAYMENT_TYPE_OF_AGENT, type AgentListQuery, type AgentSummary, type AgentType } from '@sagano/domain/agents/agent-schemas';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/** Agents with their branches, for pickers and the agents list (full management: issue 6). */
export async function listAgents(db: Executor, q: AgentListQuery): Promise<{ total: number; rows: AgentSummary[] }> {
  const f = [sql`true`];
  if (q.query) {
    const like = `%${q.query.replace(/[%_\\]/g, '\\$&')}%`;
    f.push(sql`(a.name_ja ilike ${like} or a.name_kana ilike ${like} or a.name_en ilike ${like})`);
  }
  if (q['agent_type.value']) f.push(sql`a.agent_type = ${q['agent_type.value']}`);
  if (q.email) f.push(sql`exists (select 1 from agent_staffs s join accounts ac on ac.id = s.account_id where s.agent_id = a.id and lower(ac.email) = lower(${q.email}))`);
  const where = sql.join(f, sql` and `);
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from agents a where ${where}`));
  const rows = rowsOf<{ id: number; name_ja: string; name_kana: string; name_en: string; agent_type: AgentType; ignore_cancellation_policy: boolean; groups: { id: number; name_ja: string; is_root: boolean }[] }>(
    await db.execute(sql`
      select a.id, a.name_ja, a.name_kana, a.name_en, a.agent_type, a.ignore_cancellation_policy,
             coalesce((select json_agg(json_build_object('id', g.id, 'name_ja', g.name_ja, 'is_root', g.is_root) order by g.is_root desc, g.id)
                       from agent_groups g where g.agent_id = a.id), '[]'::json) as groups
      from agents a where ${where}
      order by a.name_kana, a.id
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  );
  return { total: count?.n ?? 0, rows: rows.map((r) => ({ ...r, agent_payment_type: PAYMENT_TYPE_OF_AGENT[r.agent_type] })) };
}

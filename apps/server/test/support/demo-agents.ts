/** The three demo agents (one per agent type), each with its id and its admin signed in. */
import * as t from '../../src/db/schema.ts';
import type { TestApp } from '../test-app.ts';

export type DemoAgents = Record<'FREE' | 'CONTRACTED' | 'SPECIAL_CONTRACTED', { id: number; headers: { authorization: string } }>;

export async function demoAgents(ctx: TestApp): Promise<DemoAgents> {
  const rows = await ctx.database.db.select({ id: t.agents.id, type: t.agents.agentType }).from(t.agents);
  const idOf = (type: string) => rows.find((r) => r.type === type)!.id;
  return {
    FREE: { id: idOf('FREE'), headers: await ctx.login('agent-free@example.com') },
    CONTRACTED: { id: idOf('CONTRACTED'), headers: await ctx.login('agent-contracted@example.com') },
    SPECIAL_CONTRACTED: { id: idOf('SPECIAL_CONTRACTED'), headers: await ctx.login('agent-special@example.com') },
  };
}

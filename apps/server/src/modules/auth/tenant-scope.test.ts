import { describe, expect, it } from 'vitest';
import { EVERY_TENANT, inTenantScope } from './tenant-scope.ts';

describe('tenant scope', () => {
  const booking = { agentId: 7, agentSubGroupId: 70 };
  it('lets the operator see every agent', () => {
    expect(inTenantScope(EVERY_TENANT, booking)).toBe(true);
  });
  it("lets an agent's root-group staff see every branch of their agent, and no other agent", () => {
    expect(inTenantScope({ agentId: 7, agentSubGroupId: null }, booking)).toBe(true);
    expect(inTenantScope({ agentId: 7, agentSubGroupId: null }, { agentId: 8, agentSubGroupId: 70 })).toBe(false);
  });
  it('keeps a branch to its own branch', () => {
    expect(inTenantScope({ agentId: 7, agentSubGroupId: 70 }, booking)).toBe(true);
    expect(inTenantScope({ agentId: 7, agentSubGroupId: 71 }, booking)).toBe(false);
  });
});

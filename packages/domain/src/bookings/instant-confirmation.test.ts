import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOTMENT_LEVELS } from '../inventory/allotment-level.ts';
import { BOOKING_CHANNELS } from '../master-data/instant-confirmation-rule-schemas.ts';
import { failedConditions, matchingRule, type InstantRequest, type InstantRule } from './instant-confirmation.ts';

const rule: InstantRule = { id: 1, enabled: true, agent_ids: [7], channels: ['PORTAL', 'API'], max_participants: 30, min_days_ahead: 14, only_sufficient_level: true, auto_assign_seats: false };
const request: InstantRequest = { agent_id: 7, channel: 'PORTAL', participant_quantity: 30, today: '2027-03-01', first_service_date: '2027-03-15', levels: ['SUFFICIENT', 'SUFFICIENT'] };

describe('instant confirmation rules', () => {
  it('matches a request on every condition, limits included', () => {
    expect(failedConditions(rule, request)).toEqual([]);
    expect(matchingRule([rule], request)).toBe(rule);
  });

  it.each([
    ['enabled', { ...rule, enabled: false }, request],
    ['agent', rule, { ...request, agent_id: 8 }],
    ['channel', rule, { ...request, channel: 'BACK_OFFICE' as const }],
    ['participants', rule, { ...request, participant_quantity: 31 }],
    ['days_ahead', rule, { ...request, first_service_date: '2027-03-14' }],
    ['level', rule, { ...request, levels: ['SUFFICIENT', 'FEW'] as const }],
    ['level', rule, { ...request, levels: ['SOLD_OUT'] as const }],
  ] as const)('refuses on %s alone', (condition, r, q) => {
    expect(failedConditions(r, q)).toEqual([condition]);
    expect(matchingRule([r], q)).toBeNull();
  });

  it('every agent when agent_ids is null; any level when the rule does not ask for SUFFICIENT', () => {
    expect(failedConditions({ ...rule, agent_ids: null }, { ...request, agent_id: 99 })).toEqual([]);
    expect(failedConditions({ ...rule, only_sufficient_level: false }, { ...request, levels: ['FEW'] })).toEqual([]);
  });

  it('picks the lowest-id rule that matches, whatever order the rules come in', () => {
    const wide = { ...rule, id: 5, agent_ids: null };
    const narrow = { ...rule, id: 3, max_participants: 10 };
    expect(matchingRule([wide, narrow], request)?.id).toBe(5);
    expect(matchingRule([wide, narrow], { ...request, participant_quantity: 10 })?.id).toBe(3);
  });

  it('a match is exactly "no condition fails", and a disabled rule never matches', () => {
    const arbRule = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      enabled: fc.boolean(),
      agent_ids: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), { nil: null }),
      channels: fc.uniqueArray(fc.constantFrom(...BOOKING_CHANNELS), { minLength: 1 }),
      max_participants: fc.integer({ min: 1, max: 60 }),
      min_days_ahead: fc.integer({ min: 0, max: 40 }),
      only_sufficient_level: fc.boolean(),
      auto_assign_seats: fc.boolean(),
    });
    const arbRequest = fc.record({
      agent_id: fc.integer({ min: 1, max: 5 }),
      channel: fc.constantFrom(...BOOKING_CHANNELS),
      participant_quantity: fc.integer({ min: 1, max: 60 }),
      today: fc.constant('2027-03-01'),
      first_service_date: fc.integer({ min: 0, max: 40 }).map((d) => new Date(Date.UTC(2027, 2, 1 + d)).toISOString().slice(0, 10)),
      levels: fc.array(fc.constantFrom(...ALLOTMENT_LEVELS), { minLength: 1, maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(arbRule, { maxLength: 6 }), arbRequest, (rules, q) => {
        const found = matchingRule(rules, q);
        const meeting = rules.filter((r) => failedConditions(r, q).length === 0);
        if (found === null) expect(meeting).toEqual([]);
        else {
          expect(found.enabled).toBe(true);
          expect(found.id).toBe(Math.min(...meeting.map((r) => r.id)));
          expect(q.participant_quantity).toBeLessThanOrEqual(found.max_participants);
        }
      }),
    );
  });
});

import { planUnitProblems } from '@sagano/domain/pricing/pricing-plan-rules';
import type { PricingPlanBody, PricingPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { listUnits } from '../reference/index.ts';
import {
  bookingsLosingPlan,
  deletePricingPlan,
  findPricingPlan,
  insertPricingPlan,
  lockPricingPlans,
  overlappingPlan,
  updatePricingPlan,
} from './pricing-plans.repository.ts';

const SEGMENT_WORD = { NORMAL: 'normal group', SCHOOL: 'school group' } as const;

async function checkUnits(work: Work, input: PricingPlanBody) {
  const problems = planUnitProblems(await listUnits(work.tx), input.segment, input.units.map((u) => u.unit_id));
  if (!problems) return;
  if (problems.free.length) throw invalid('units', `free units are not priced (unit ${problems.free.join(', ')})`);
  if (problems.unknown.length || problems.otherSegment.length) {
    throw invalid('units', `units ${[...problems.unknown, ...problems.otherSegment].join(', ')} are not ${SEGMENT_WORD[input.segment]} units`);
  }
  throw invalid('units', `every unit of the segment needs a price (missing unit ${problems.missing.join(', ')})`);
}

async function checkNoOverlap(work: Work, input: PricingPlanBody, exceptId?: number) {
  const other = await overlappingPlan(work.tx, input.segment, input.service_date_from, input.service_date_to, exceptId);
  if (other) {
    throw new AppError('PRICING_PLAN_OVERLAP', `the dates overlap the ${SEGMENT_WORD[input.segment]} pricing plan "${other.name}"`, 'service_date_from');
  }
}

async function existing(work: Work, id: number): Promise<PricingPlanResponse> {
  const plan = await findPricingPlan(work.tx, id, { lock: true });
  if (!plan) throw notFound('pricing plan');
  return plan;
}

function inUse(n: number) {
  return new AppError('PRICING_PLAN_IN_USE', `${n} booking${n === 1 ? '' : 's'} travel on dates this plan prices`);
}

/** Group pricing plans: the price of each unit of a segment over a period of service dates. */
export function createPricingPlansService() {
  return {
    /** Adds a group pricing plan: every priced unit of its segment, dates not overlapping another plan of the segment. */
    async createPricingPlan(work: Work, input: PricingPlanBody): Promise<PricingPlanResponse> {
      await checkUnits(work, input);
      await lockPricingPlans(work.tx);
      await checkNoOverlap(work, input);
      const id = await insertPricingPlan(work.tx, input);
      return (await findPricingPlan(work.tx, id))!;
    },

    /** Replaces a plan; dates that bookings travel on may not be given up (nor the segment changed under them). */
    async changePricingPlan(work: Work, id: number, input: PricingPlanBody): Promise<PricingPlanResponse> {
      await checkUnits(work, input);
      await lockPricingPlans(work.tx);
      const before = await existing(work, id);
      await checkNoOverlap(work, input, id);
      const lost = await bookingsLosingPlan(work.tx, before.segment, before.service_date_from, before.service_date_to, {
        segment: input.segment,
        from: input.service_date_from,
        to: input.service_date_to,
      });
      if (lost > 0) throw inUse(lost);
      await updatePricingPlan(work.tx, id, input);
      return (await findPricingPlan(work.tx, id))!;
    },

    /** Deletes a plan no booking of its segment travels under. */
    async removePricingPlan(work: Work, id: number): Promise<void> {
      await lockPricingPlans(work.tx);
      const plan = await existing(work, id);
      const n = await bookingsLosingPlan(work.tx, plan.segment, plan.service_date_from, plan.service_date_to);
      if (n > 0) throw inUse(n);
      await deletePricingPlan(work.tx, id);
    },
  };
}

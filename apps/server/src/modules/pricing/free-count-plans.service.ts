import { freeCountPlanProblem } from '@sagano/domain/bookings/pricing';
import { FREE_COUNT_MESSAGE, type FreeCountPlanBody, type FreeCountPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import {
  deleteFreeCountPlan,
  findFreeCountPlan,
  insertFreeCountPlan,
  listFreeCountPlans,
  lockFreeCountPlans,
  updateFreeCountPlan,
} from './free-count-plans.repository.ts';

/** The field a bad range is reported on: the free quantity, the max, else the range start (overlap). */
/** The plans with `input` in place of `exceptId` (or added) must pass the domain rule; the field it breaks is named. */
async function checkPlans(work: Work, input: FreeCountPlanBody, exceptId?: number) {
  await lockFreeCountPlans(work.tx);
  const others = (await listFreeCountPlans(work.tx)).filter((p) => p.id !== exceptId);
  const problem = freeCountPlanProblem(input, others);
  if (problem) throw invalid(problem.field, FREE_COUNT_MESSAGE);
}

async function existing(work: Work, id: number): Promise<FreeCountPlanResponse> {
  const plan = await findFreeCountPlan(work.tx, id);
  if (!plan) throw notFound('free count plan');
  return plan;
}

/** Free count plans: how many people of a group travel free, by group size. */
export function createFreeCountPlansService() {
  return {
    /** Adds a range [min, max] → free quantity that overlaps no other range. */
    async createFreeCountPlan(work: Work, input: FreeCountPlanBody): Promise<FreeCountPlanResponse> {
      await checkPlans(work, input);
      return existing(work, await insertFreeCountPlan(work.tx, input));
    },

    async changeFreeCountPlan(work: Work, id: number, input: FreeCountPlanBody): Promise<FreeCountPlanResponse> {
      await existing(work, id);
      await checkPlans(work, input, id);
      await updateFreeCountPlan(work.tx, id, input);
      return existing(work, id);
    },

    /** Bookings already priced keep their amounts; only later pricing changes. */
    async removeFreeCountPlan(work: Work, id: number): Promise<void> {
      await existing(work, id);
      await deleteFreeCountPlan(work.tx, id);
    },
  };
}

/**
 * The timetable's changes that wait for approval: a new service term, pattern calendar days,
 * and the special trains of special days. Applying a calendar change rebuilds the inventory of
 * the days it touches in the same transaction.
 */
import { z } from 'zod';
import { CreateServiceTermBody, SERVICE_DAY_PATTERNS } from '@sagano/domain/timetable/timetable-schemas';
import { AppError } from '../../lib/app-error.ts';
import { registerApprovalTarget } from '../approvals/approval-targets.ts';
import { rebuildInventory } from '../inventory/inventory-build.ts';
import { findServiceTerm, insertServiceTerm, replaceSpecialDayServices, upsertPatterns } from './timetable.repository.ts';

export const PatternChangePayload = z.object({
  service_term_id: z.number().int().positive(),
  days: z.array(z.object({ date: z.iso.date(), service_pattern: z.enum(SERVICE_DAY_PATTERNS) })).min(1),
});
export type PatternChangePayload = z.infer<typeof PatternChangePayload>;

export const SpecialDayServicesPayload = z.object({
  service_term_id: z.number().int().positive(),
  days: z.array(z.object({ date: z.iso.date(), service_ids: z.array(z.number().int().positive()) })).min(1),
});
export type SpecialDayServicesPayload = z.infer<typeof SpecialDayServicesPayload>;

function dateSpan(dates: string[]): { fromDate: string; toDate: string } {
  const sorted = [...dates].sort();
  return { fromDate: sorted[0]!, toDate: sorted[sorted.length - 1]! };
}

async function requireDaysInTerm(tx: Parameters<typeof findServiceTerm>[0], serviceTermId: number, dates: string[]) {
  const term = await findServiceTerm(tx, serviceTermId);
  if (!term) throw new AppError('NOT_FOUND', 'service term not found');
  const outside = dates.find((d) => d < term.fromDate || d > term.toDate);
  if (outside) throw new AppError('VALIDATION_FAILED', `days: ${outside} is outside the service term`, 'days');
}

registerApprovalTarget('SERVICE_TERM_INSERT', {
  payload: CreateServiceTermBody,
  scope: (p) => ({ serviceTermId: null, fromDate: p.fromDate, toDate: p.toDate }),
  // The exclusion constraint service_terms_no_overlap refuses a term overlapping another.
  apply: async (work, p) => {
    await insertServiceTerm(work.tx, p.fromDate, p.toDate);
  },
});

registerApprovalTarget('SERVICE_DAY_PATTERN_CHANGE', {
  payload: PatternChangePayload,
  scope: (p) => ({ serviceTermId: p.service_term_id, ...dateSpan(p.days.map((d) => d.date)) }),
  apply: async (work, p) => {
    await requireDaysInTerm(work.tx, p.service_term_id, p.days.map((d) => d.date));
    await upsertPatterns(work.tx, p.days);
    await rebuildInventory(work, dateSpan(p.days.map((d) => d.date)));
  },
});

registerApprovalTarget('SERVICE_DAY_SERVICE_APPEND', {
  payload: SpecialDayServicesPayload,
  scope: (p) => ({ serviceTermId: p.service_term_id, ...dateSpan(p.days.map((d) => d.date)) }),
  apply: async (work, p) => {
    await requireDaysInTerm(work.tx, p.service_term_id, p.days.map((d) => d.date));
    await replaceSpecialDayServices(work.tx, p.days);
    await rebuildInventory(work, dateSpan(p.days.map((d) => d.date)));
  },
});

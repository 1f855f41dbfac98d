/** The arrangements module's use cases in one service: arrangement patterns and their application terms. */
import type { Executor } from '../../db/client.ts';
import type { ApprovalsService } from '../approvals/index.ts';
import { createApplicationTermsService } from './application-terms.service.ts';
import { createArrangementPatternsService } from './arrangement-patterns.service.ts';

export function createArrangementsService(deps: { db: Executor; approvals: ApprovalsService }) {
  return {
    ...createArrangementPatternsService(),
    ...createApplicationTermsService(deps),
  };
}

export type ArrangementsService = ReturnType<typeof createArrangementsService>;

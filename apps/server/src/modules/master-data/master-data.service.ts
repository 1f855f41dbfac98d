/**
 * The master-data module's use cases in one service: bank accounts, group schedules, the
 * operator's images, special contract terms and fare units. Each area's file holds its own part.
 */
import type { Executor } from '../../db/client.ts';
import type { FileStorage } from '../files/index.ts';
import { createBankAccountsService } from './bank-accounts.service.ts';
import { createGroupSchedulesService } from './group-schedules.service.ts';
import { createOperatorBasicInfoService } from './operator-basic-info.service.ts';
import { createSpecialContractTermsService } from './special-contract-terms.service.ts';
import { createUnitsService } from './units.service.ts';

export function createMasterDataService(deps: { db: Executor; fileStorage: FileStorage }) {
  return {
    ...createBankAccountsService(),
    ...createGroupSchedulesService(),
    ...createOperatorBasicInfoService(deps),
    ...createSpecialContractTermsService(),
    ...createUnitsService(),
  };
}

export type MasterDataService = ReturnType<typeof createMasterDataService>;

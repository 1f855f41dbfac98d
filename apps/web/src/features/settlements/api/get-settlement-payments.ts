import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettlementPaymentList } from '@sagano/domain/settlements/settlement-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { settlementKeys } from './settlement-keys.ts';

/** GET /v1/settlements/payment/{group_settlement_id}: a branch's settlement and the booking payments it bills. */
export function getSettlementPayments(groupSettlementId: number): Promise<SettlementPaymentList> {
  return apiClient.get<SettlementPaymentList>(apiPath('/v1/settlements/payment/{group_settlement_id}', { group_settlement_id: groupSettlementId }));
}

export function settlementPaymentsQueryOptions(groupSettlementId: number) {
  return queryOptions({ queryKey: settlementKeys.payments(groupSettlementId), queryFn: () => getSettlementPayments(groupSettlementId) });
}

/** Nothing is asked while the id is unknown (a malformed address). */
export function useSettlementPayments(groupSettlementId: number | null) {
  return useQuery({ ...settlementPaymentsQueryOptions(groupSettlementId ?? 0), enabled: groupSettlementId !== null });
}

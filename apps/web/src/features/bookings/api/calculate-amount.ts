import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalculateAmountBody, CalculateAmountResponse } from '@sagano/domain/bookings/booking-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

/** POST /v1/bookings/calculate_amount: a price quote (no change), so it is read as a query. */
export function calculateAmount(body: CalculateAmountBody): Promise<CalculateAmountResponse> {
  return apiClient.post<CalculateAmountResponse>('/v1/bookings/calculate_amount', body);
}

export function amountQueryOptions(body: CalculateAmountBody) {
  return queryOptions({
    queryKey: bookingsKeys.amount(body),
    queryFn: () => calculateAmount(body),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The live amount of the form; `null` while the form has nothing to price. */
export function useCalculatedAmount(body: CalculateAmountBody | null) {
  return useQuery({
    ...amountQueryOptions(body ?? { group_type: 'NORMAL', participant_group: { unit_quantity_items: [], wheel_chairs: [] }, service_days: [] }),
    enabled: body !== null,
    meta: { silentError: true },
  });
}

import type { SpecialDaysResponse } from '@sagano/domain/timetable/timetable-schemas';
import { apiClient, apiPath } from './api-client.ts';

/**
 * GET /v1/service-terms/{id}/services/special-days: a term's SPECIAL days and the special trains
 * that can run then. Read by the special-days screen and by the approvals, which name the trains
 * a special-days request asks to run (each under its own feature's query key).
 */
export function getSpecialDays(termId: number): Promise<SpecialDaysResponse> {
  return apiClient.get<SpecialDaysResponse>(apiPath('/v1/service-terms/{service_term_id}/services/special-days', { service_term_id: termId }));
}

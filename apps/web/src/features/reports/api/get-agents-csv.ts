import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CsvResponse as CsvSchema } from '@sagano/domain/agents/agent-schemas';
import { apiClient } from '../../../lib/api-client.ts';

type CsvResponse = z.infer<typeof CsvSchema>;

/** GET /v1/csv/agents: every agent as CSV (UTF-8 with BOM), base64; no period (spec 000 §2 "Reports: … agent"). */
export function getAgentsCsv(): Promise<CsvResponse> {
  return apiClient.get<CsvResponse>('/v1/csv/agents');
}

export function useAgentsCsv() {
  return useMutation({ mutationFn: getAgentsCsv });
}

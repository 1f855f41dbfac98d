import { useMutation } from '@tanstack/react-query';
import type { CsvEncoding, CsvLanguage, CsvReportKind, CsvReportResponse } from '@sagano/domain/reports/report-schemas';
import { apiClient, apiPath, withQuery } from '../../../lib/api-client.ts';

export interface ReportCsvInput {
  kind: CsvReportKind;
  from_date: string;
  to_date: string;
  encoding: CsvEncoding;
  lang: CsvLanguage;
}

const params = ({ from_date, to_date, encoding, lang }: ReportCsvInput) => ({ from_date, to_date, encoding, lang });

/** GET /v1/csv/{kind}: the report for a period of up to a year, base64. */
export function getReportCsv(input: ReportCsvInput): Promise<CsvReportResponse> {
  return apiClient.get<CsvReportResponse>(apiPath('/v1/csv/{kind}', { kind: input.kind }), params(input));
}

export function useReportCsv() {
  return useMutation({ mutationFn: getReportCsv });
}

/** GET /v1/csv/{kind}/download: the same file streamed by the server, saved by the browser itself (any period up to ten years). */
export function reportDownloadUrl(input: ReportCsvInput): string {
  return withQuery(apiPath('/v1/csv/{kind}/download', { kind: input.kind }), params(input));
}

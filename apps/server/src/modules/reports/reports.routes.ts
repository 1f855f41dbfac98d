import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSV_LANGUAGES, CSV_REPORT_KINDS, CsvDownloadQuery, CsvReportQuery, CsvReportResponse, type CsvLanguage, type CsvReportKind } from '@sagano/domain/reports/report-schemas';
import { csvFilename, type CsvRequest, type ReportsService } from './reports.service.ts';

/** The header row's language: the one asked for, else the caller's own, else Japanese. */
function languageOf(request: FastifyRequest, asked: CsvLanguage | undefined): CsvLanguage {
  const own = request.principal?.user.language_code;
  return asked ?? ((CSV_LANGUAGES as readonly string[]).includes(own ?? '') ? (own as CsvLanguage) : 'ja');
}

/**
 * The CSV exports (spec 001 §7.6): GET /v1/csv/{kind} answers base64 JSON for up to a year;
 * GET /v1/csv/{kind}/download streams the same bytes as a text/csv attachment for any period up
 * to ten years. Back office only: agents read their own bookings on their screens, never here.
 */
export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;
  const tags = ['reports'];
  const config = { access: 'backOffice' as const };
  const request = (kind: CsvReportKind, req: FastifyRequest, q: CsvReportQuery): CsvRequest => ({ kind, from_date: q.from_date, to_date: q.to_date, encoding: q.encoding, lang: languageOf(req, q.lang) });

  for (const kind of CSV_REPORT_KINDS) {
    r.get(`/v1/csv/${kind}`, { schema: { tags, querystring: CsvReportQuery, response: { 200: CsvReportResponse } }, config }, (req) => reports.base64(request(kind, req, req.query)));

    // Sent as read from the database cursor, never through a compressor: the stream's pace and its
    // abort are the cursor's (DESIGN §10 Reports), and zlib would hold rows back and outlive a client that left.
    r.get(`/v1/csv/${kind}/download`, { schema: { tags, querystring: CsvDownloadQuery }, config, compress: false }, (req, reply) => {
      const csv = request(kind, req, req.query);
      const charset = csv.encoding === 'shift_jis' ? 'Shift_JIS' : 'utf-8';
      return reply
        .header('content-type', `text/csv; charset=${charset}`)
        .header('content-disposition', `attachment; filename="${csvFilename(csv)}"`)
        .header('cache-control', 'no-store')
        .send(reports.stream(csv));
    });
  }
}

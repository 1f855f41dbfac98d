/**
 * Request throughput of the API's common paths, in process (fastify inject) on a fresh embedded
 * database with the demo data. Every figure is a ratio to /health measured in the same run, so
 * a shared, noisy machine does not move the result much.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { bearerHeaders, requestsPerSecond } from './bench-support.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 16;

const database = await openPglite(undefined);
await database.migrate();
await loadDemoData(database.db);
const app = await buildApp({ config: loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }), database, logger: false });
const { authorization } = await bearerHeaders(app, 'admin@example.com');

type Req = InjectOptions;
const measure = (req: Req) => requestsPerSecond(app, req, DURATION_MS, CONCURRENCY);

const cases: [string, Req][] = [
  ['GET /v1/auth/me (session lookup)', { method: 'GET', url: '/v1/auth/me', headers: { authorization } }],
  ['GET /v1/stations', { method: 'GET', url: '/v1/stations' }],
  ['GET /v1/trains (296 seats)', { method: 'GET', url: '/v1/trains', headers: { authorization } }],
  ['GET /v1/users', { method: 'GET', url: '/v1/users', headers: { authorization } }],
  ['POST /v1/operation-logs (search)', { method: 'POST', url: '/v1/operation-logs', headers: { authorization }, payload: {} }],
];

await measure({ method: 'GET', url: '/health' }); // warm-up
const baseline = await measure({ method: 'GET', url: '/health' });
const rows: string[] = [];
for (const [name, req] of cases) {
  const rate = await measure(req);
  rows.push(`| ${name} | ${rate.toFixed(0)} | ${(rate / baseline).toFixed(3)} |`);
}
await app.close();
await database.close();

const report = `# Benchmark results

How these figures were reached, condensed: [HISTORY.md](HISTORY.md).

Command: \`npm run bench\` (bench/http-bench.ts; ${DURATION_MS} ms per case, ${CONCURRENCY} concurrent requests, in-process
fastify inject, embedded PGlite with the demo data). Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.

Ratios are to \`GET /health\` measured in the same run (${baseline.toFixed(0)} req/s); compare ratios between runs, not req/s.

| case | req/s | ratio to /health |
|---|---|---|
${rows.join('\n')}
`;
// This bench owns the file's head (up to the first "## " section); the other benches' sections stay.
const resultsFile = new URL('./RESULTS.md', import.meta.url);
const existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const firstSection = existing.indexOf('\n## ');
writeFileSync(resultsFile, firstSection === -1 ? report : `${report}${existing.slice(firstSection)}`);
console.log(report);

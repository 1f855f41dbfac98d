#!/usr/bin/env node
// Runs the benchmarks one after another and writes bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
const root = new URL('..', import.meta.url).pathname;
let status = 0;
for (const file of ['bench/http-bench.ts', 'bench/inventory-bench.ts', 'bench/booking-bench.ts', 'bench/pglite-bench.ts', 'bench/job-latency-bench.ts']) {
  const run = spawnSync(process.execPath, [file], { cwd: root, stdio: 'inherit' });
  status ||= run.status ?? 1;
}
process.exit(status);

#!/usr/bin/env node
// Runs the benchmarks and writes bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
const root = new URL('..', import.meta.url).pathname;
const run = spawnSync(`${root}node_modules/.bin/tsx`, ['bench/http-bench.ts'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);

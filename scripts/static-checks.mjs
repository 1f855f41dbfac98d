#!/usr/bin/env node
// The type check of each TypeScript project and the lint, side by side in two lanes (`npm run
// typecheck` runs the type checks alone, `npm run lint` the lint). Each check's output is printed
// whole when it ends, with its time; the step fails if any check fails. The lint alone is the
// longest lane; splitting it (eslint --concurrency=2) beside the type checks was slower (84–91 s
// against 67–71 s for the whole step).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => `${root}node_modules/.bin/${name}`;
// The type checks run on TypeScript 7, the native compiler (the `typescript-native` alias, 7.0.2):
// apps/server in 10 s and 19 s of processor time against 25 s and 36 s on 5.9, the whole step
// 67–71 s against 94–112 s. `typescript` stays at 5.9 for typescript-eslint, whose parser needs
// its JavaScript API (peer range below 6.1); both install a `tsc`, so the checks name theirs.
const tsc = `${root}node_modules/typescript-native/bin/tsc`;
const checks = [
  // The largest first, so the others fill in beside them.
  ['lint', bin('eslint'), ['.']],
  ['typecheck apps/web', tsc, ['-p', 'apps/web']],
  ['typecheck apps/server', tsc, ['-p', 'apps/server']],
  ['typecheck packages/domain', tsc, ['-p', 'packages/domain']],
  ['typecheck e2e', tsc, ['-p', 'e2e']],
  ['typecheck bench', tsc, ['-p', 'bench']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`--- ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

// `--typecheck-only` (npm run typecheck): the type checks without the lint.
const queue = process.argv.includes('--typecheck-only') ? checks.filter(([name]) => name !== 'lint') : [...checks];
const results = [];
const lanes = Array.from({ length: Math.min(queue.length, Math.max(2, availableParallelism())) }, async () => {
  while (queue.length > 0) results.push(await run(queue.shift()));
});
await Promise.all(lanes);
process.exit(results.every(Boolean) ? 0 : 1);

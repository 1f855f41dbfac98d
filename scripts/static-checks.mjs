#!/usr/bin/env node
// The type check of each TypeScript project and the lint, side by side (each is one process on one
// core; `npm run typecheck` and `npm run lint` run the same commands one after another). Each
// check's output is printed whole when it ends, with its time; the step fails if any check fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => `${root}node_modules/.bin/${name}`;
const checks = [
  // The largest first, so the others fill in beside them.
  ['lint', bin('eslint'), ['.']],
  ['typecheck apps/web', bin('tsc'), ['-p', 'apps/web']],
  ['typecheck apps/server', bin('tsc'), ['-p', 'apps/server']],
  ['typecheck packages/domain', bin('tsc'), ['-p', 'packages/domain']],
  ['typecheck e2e', bin('tsc'), ['-p', 'e2e']],
  ['typecheck bench', bin('tsc'), ['-p', 'bench']],
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

const queue = [...checks];
const results = [];
const lanes = Array.from({ length: Math.min(queue.length, Math.max(2, availableParallelism())) }, async () => {
  while (queue.length > 0) results.push(await run(queue.shift()));
});
await Promise.all(lanes);
process.exit(results.every(Boolean) ? 0 : 1);

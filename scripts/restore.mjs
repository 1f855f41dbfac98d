#!/usr/bin/env node
// Restores a backup written by `npm run backup` into the empty installation the environment names
// (DATA_DIR or DATABASE_URL, FILE_STORAGE): `npm run restore -- <file> [--new-two-factor-key]` (README).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: run this with \`npm run restore\` (which uses the Node installed by \`npm ci\`) or install Node 24.`);
  process.exit(1);
}
const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'apps/server/src/modules/backup/backup-cli.ts');
const child = spawn(process.execPath, [cli, 'restore', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

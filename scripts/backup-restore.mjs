#!/usr/bin/env node
// `npm run backup -- <file>` writes a backup of the installation the environment names (DATA_DIR or
// DATABASE_URL, FILE_STORAGE, TOTP_SECRET_KEY, as for `npm start`) to one new .tar.gz file;
// `npm run restore -- <file> [--new-two-factor-key]` restores one into an empty installation (README).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: run this with \`npm run ${command}\` (which uses the Node installed by \`npm ci\`) or install Node 24.`);
  process.exit(1);
}
const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'apps/server/src/modules/backup/backup-cli.ts');
const child = spawn(process.execPath, [cli, command, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

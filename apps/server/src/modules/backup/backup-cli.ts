/**
 * Entry of scripts/backup-restore.mjs: `backup <file>` or
 * `restore <file> [--new-two-factor-key]`, settings from the environment as the server reads them.
 * A refusal or failure is one line on stderr and exit code 1.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { backupInstallation, describeBackup, describeRestore, restoreInstallation } from './backup-commands.ts';

const USAGE = 'usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz> [--new-two-factor-key]';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const flags = rest.filter((a) => a.startsWith('--'));
  const files = rest.filter((a) => !a.startsWith('--'));
  const unknown = flags.filter((f) => command !== 'restore' || f !== '--new-two-factor-key');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || unknown.length > 0) throw new Error(USAGE);
  // npm runs scripts in the project folder; a relative name means the folder the command was typed in.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfig();
  if (command === 'backup') {
    console.log(describeBackup(file, await backupInstallation(file, config)));
  } else {
    console.log(describeRestore(file, config, await restoreInstallation(file, config, { newTwoFactorKey: flags.includes('--new-two-factor-key') })));
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(`${process.argv[2] ?? 'backup'} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

/**
 * The embedded database (PGlite) has no lock of its own: two processes opening one data folder
 * would both write it and spoil it. The server, and the backup and restore commands, hold
 * `<DATA_DIR>/sagano.lock` (who holds it, as JSON) while they use the folder; a holder that is no
 * longer running (the machine stopped, the process was killed) leaves a lock that the next one
 * takes over.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'sagano.lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** What holds it: `server`, `backup` or `restore`. */
  holder: string;
  since: string;
}

export class DataDirInUse extends Error {
  readonly dataDir: string;
  readonly by: LockHolder;
  constructor(dataDir: string, by: LockHolder) {
    super(
      `DATA_DIR ${dataDir} is in use by the ${by.holder} (pid ${by.pid} on ${by.host}, since ${by.since}): the embedded database must not be opened by two processes.` +
        (by.holder === 'server' ? ' Stop the server first, or take an online backup from it (POST /v1/system/backups as an operator admin).' : ' Wait until it ends.') +
        ` If no such process runs, remove ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUse';
    this.dataDir = dataDir;
    this.by = by;
  }
}

function readHolder(path: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // A lock file cut short (the machine stopped while it was written) holds nothing.
    if (error instanceof SyntaxError) return { pid: 0, host: hostname(), holder: 'unknown', since: '' };
    throw error;
  }
}

/** The lock files this process holds now. */
const heldHere = new Set<string>();

function running(holder: LockHolder, path: string): boolean {
  // Another machine's process (a shared folder) cannot be asked: it counts as running.
  if (holder.host !== hostname()) return true;
  // Our own pid not held here is an earlier life of this pid (a container restarted).
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the folder now, when a running process does. */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const path = join(resolve(dataDir), LOCK_FILE);
  const holder = readHolder(path);
  return holder && running(holder, path) ? holder : null;
}

export interface DataDirLock {
  /** Lets go of the folder (also done when the process exits). */
  release(): void;
}

/** Takes the folder for `holder`, or throws DataDirInUse naming the running process that has it. */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(resolve(dataDir), LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      heldHere.add(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const by = readHolder(path);
        if (by && (error as NodeJS.ErrnoException).code === 'EEXIST') throw new DataDirInUse(dataDir, by);
        throw error;
      }
      const by = readHolder(path);
      if (by && running(by, path)) throw new DataDirInUse(dataDir, by);
      // A lock left by a process that has ended: take it over.
      rmSync(path, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    heldHere.delete(path);
    const now = readHolder(path);
    if (now?.pid === mine.pid && now.since === mine.since) rmSync(path, { force: true });
  };
  process.on('exit', release);
  return { release };
}

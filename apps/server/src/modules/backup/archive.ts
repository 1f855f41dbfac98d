/**
 * The backup file: a gzip-compressed POSIX tar (ustar, with pax records for names longer than 100
 * bytes), so a person can open it with `tar xzf` and see what it keeps. Only what backups need is
 * written and read: regular files, each with mode 0600 (a backup holds the two-factor key).
 * Written and read as streams; one entry at a time is held in memory by callers that ask for its bytes.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const MAX_USTAR_NAME = 100;
// Eleven octal digits: sizes up to 8 GiB fit the header; larger ones go in a pax record.
const MAX_USTAR_SIZE = 0o77777777777;

export interface ArchiveWriter {
  /** Adds one file with these bytes. */
  add(name: string, bytes: Buffer): Promise<void>;
  /** Adds one file copied from a file on disk (the database dump, without holding it in memory). */
  addFile(name: string, path: string): Promise<void>;
  /** Ends the archive and waits until it is on disk. */
  finish(): Promise<void>;
  /** Stops writing after a failure (the caller removes the file). */
  abort(): void;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0');
}

/** One pax record, `<length> <key>=<value>\n`, where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes + 1;
  while (String(length).length + bodyBytes !== length) length = String(length).length + bodyBytes;
  return `${length}${body}`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, MAX_USTAR_NAME, 'utf8');
  block.write(`${octal(0o600, 8)}\0`, 100, 'ascii');
  block.write(`${octal(0, 8)}\0`, 108, 'ascii');
  block.write(`${octal(0, 8)}\0`, 116, 'ascii');
  block.write(`${octal(Math.min(size, MAX_USTAR_SIZE), 12)}\0`, 124, 'ascii');
  block.write(`${octal(mtime, 12)}\0`, 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${octal(sum, 7)}\0`, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes an archive at `path` (created readable by its owner only). */
export function createArchiveWriter(path: string): ArchiveWriter {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(path, { mode: 0o600 }));
  // A failure surfaces through `done`; until then a write must not throw unhandled.
  done.catch(() => undefined);
  const mtime = Math.floor(Date.now() / 1000);

  async function write(chunk: Buffer): Promise<void> {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  }

  async function writeHeaders(name: string, size: number): Promise<void> {
    const nameBytes = Buffer.byteLength(name);
    if (nameBytes > MAX_USTAR_NAME || size > MAX_USTAR_SIZE) {
      const pax = Buffer.from(
        (nameBytes > MAX_USTAR_NAME ? paxRecord('path', name) : '') + (size > MAX_USTAR_SIZE ? paxRecord('size', String(size)) : ''),
        'utf8',
      );
      await write(header('PaxHeader', pax.length, 'x', mtime));
      await write(Buffer.concat([pax, padding(pax.length)]));
    }
    // A longer name is cut to the characters that fit its 100 bytes; readers take the pax path.
    await write(header(name, size, '0', mtime));
  }

  return {
    async add(name, bytes) {
      await writeHeaders(name, bytes.length);
      await write(bytes);
      await write(padding(bytes.length));
    },
    async addFile(name, filePath) {
      const { size } = await stat(filePath);
      await writeHeaders(name, size);
      let written = 0;
      for await (const chunk of createReadStream(filePath)) {
        written += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
      if (written !== size) throw new Error(`${filePath} changed while it was archived`);
      await write(padding(size));
    },
    async finish() {
      // Two empty blocks end a tar archive.
      gzip.end(Buffer.alloc(BLOCK * 2));
      await done;
    },
    abort() {
      gzip.destroy(new Error('backup aborted'));
    },
  };
}

/** One file of an archive being read: read its bytes (or stream them) before asking for the next entry. */
export interface ArchiveEntry {
  name: string;
  size: number;
  bytes(): Promise<Buffer>;
  chunks(): AsyncGenerator<Buffer, void, undefined>;
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private pending: Buffer[] = [];
  private buffered = 0;

  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterator<Buffer>) {
    this.source = source;
  }

  /** More bytes into the buffer; false at the end of the stream. */
  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.pending.push(next.value);
    this.buffered += next.value.length;
    return true;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n) if (!(await this.fill())) return null;
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = all.length > n ? [all.subarray(n)] : [];
    this.buffered = all.length - n;
    return all.subarray(0, n);
  }

  /** The next `n` bytes as they come. */
  async *stream(n: number): AsyncGenerator<Buffer, void, undefined> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.fill())) throw new Error('the backup file ends in the middle of an entry (cut short?)');
      const chunk = this.pending.shift()!;
      const taken = chunk.length > left ? chunk.subarray(0, left) : chunk;
      if (chunk.length > left) this.pending.unshift(chunk.subarray(left));
      this.buffered -= taken.length;
      left -= taken.length;
      yield taken;
    }
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parsePax(bytes: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = Number(bytes.subarray(at, space).toString('ascii'));
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new Error('not a backup file (a pax header is malformed)');
    const record = bytes.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/** The files of the archive at `path`, in order. */
export async function* readArchive(path: string): AsyncGenerator<ArchiveEntry, void, undefined> {
  const gunzip = createReadStream(path).pipe(createGunzip());
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (!block) throw new Error('the backup file ends before its last entry (cut short?)');
      if (block.every((byte) => byte === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
      if (field(block, 257, 5) !== 'ustar' || Number.parseInt(field(block, 148, 8), 8) !== sum) throw new Error('not a backup file (a tar header does not check)');
      const type = field(block, 156, 1);
      const size = pax.size !== undefined ? Number(pax.size) : Number.parseInt(field(block, 124, 12), 8);
      const name = pax.path ?? field(block, 0, 100);
      pax = {};
      if (type === 'x') {
        const records = await reader.read(size);
        if (!records) throw new Error('the backup file ends before its last entry (cut short?)');
        pax = parsePax(records);
        await reader.read(padding(size).length);
        continue;
      }
      if (type !== '0' && type !== '') throw new Error(`not a backup file (entry ${name} is not a plain file)`);
      let started = false;
      let left = size;
      async function* chunks(): AsyncGenerator<Buffer, void, undefined> {
        if (started) throw new Error(`${name} was read already`);
        started = true;
        for await (const chunk of reader.stream(left)) {
          left -= chunk.length;
          yield chunk;
        }
      }
      yield {
        name,
        size,
        chunks,
        async bytes() {
          const parts: Buffer[] = [];
          for await (const chunk of chunks()) parts.push(chunk);
          return Buffer.concat(parts, size);
        },
      };
      // Whatever the caller left unread is skipped.
      for await (const chunk of reader.stream(left)) left -= chunk.length;
      await reader.read(padding(size).length);
    }
  } finally {
    gunzip.destroy();
  }
}

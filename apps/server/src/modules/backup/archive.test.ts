/** The backup archive: what it writes, `tar` reads (long UTF-8 names, empty and large files), and it reads back what it wrote, refusing anything else. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createArchiveWriter, readArchive } from './archive.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'sagano-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = `files/messages/2026-11-25/${'嵯峨野トロッコ列車団体運賃のお知らせ'.repeat(3)}_0123456789abcdef.pdf`;
const entries: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{"a":1}\n')],
  ['empty', Buffer.alloc(0)],
  // Exactly one block, and a size that crosses many read chunks without being a block multiple.
  ['block', randomBytes(512)],
  ['large', randomBytes(300_001)],
  [LONG, randomBytes(1000)],
];

async function write(name: string): Promise<string> {
  const path = join(dir, name);
  const writer = createArchiveWriter(path);
  for (const [entry, bytes] of entries) await writer.add(entry, bytes);
  const onDisk = join(dir, `${name}.source`);
  writeFileSync(onDisk, randomBytes(70_000));
  await writer.addFile('from-disk', onDisk);
  await writer.finish();
  return path;
}

describe('the backup archive', () => {
  it('reads back every entry, in order, byte for byte, streamed or whole, and skips what is not read', async () => {
    const path = await write('round-trip.tar.gz');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const seen: [string, Buffer][] = [];
    for await (const entry of readArchive(path)) {
      if (entry.name === 'large') {
        // Half read, the rest skipped by the reader.
        const first = (await entry.chunks().next()).value as Buffer;
        expect(first.length).toBeGreaterThan(0);
        seen.push([entry.name, Buffer.alloc(0)]);
        continue;
      }
      seen.push([entry.name, await entry.bytes()]);
    }
    expect(seen.map(([name]) => name)).toEqual([...entries.map(([name]) => name), 'from-disk']);
    for (const [name, bytes] of entries) if (name !== 'large') expect(seen.find(([n]) => n === name)![1].equals(bytes), name).toBe(true);
    expect(seen.at(-1)![1].equals(readFileSync(join(dir, 'round-trip.tar.gz.source')))).toBe(true);
  });

  it('is a tar.gz that tar lists and unpacks, long UTF-8 names included', async () => {
    const path = await write('for-tar.tar.gz');
    const { stdout } = await run('tar', ['-tzf', path]);
    expect(stdout.trim().split('\n')).toEqual([...entries.map(([name]) => name), 'from-disk']);
    const out = mkdtempSync(join(dir, 'x-'));
    await run('tar', ['-xzf', path, '-C', out]);
    expect(readFileSync(join(out, LONG)).equals(entries.at(-1)![1])).toBe(true);
    expect(readFileSync(join(out, 'large')).equals(entries[3]![1])).toBe(true);
  });

  it('refuses a file that is not one of its archives, and one cut short', async () => {
    const notTar = join(dir, 'not-tar.tar.gz');
    writeFileSync(notTar, gzipSync(Buffer.alloc(2048, 'x')));
    await expect(readArchive(notTar).next()).rejects.toThrow('not a backup file');
    const cut = join(dir, 'cut.tar.gz');
    const whole = readFileSync(await write('whole.tar.gz'));
    // The tar cut inside its second entry, compressed whole again: the gzip is sound, the tar is not.
    writeFileSync(cut, gzipSync(gunzipSync(whole).subarray(0, 600)));
    const read = async () => {
      for await (const entry of readArchive(cut)) await entry.bytes();
    };
    await expect(read()).rejects.toThrow(/cut short/);
  });
});


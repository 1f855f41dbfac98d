/** The local folder storage: what is put comes back, an unknown key is null, a key that is not one never reaches the disk. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messageAttachmentKey } from './file-storage.ts';
import { localFileStorage } from './local-file-storage.ts';

const folder = mkdtempSync(join(tmpdir(), 'sagano-local-storage-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const KEY = `${'a'.repeat(64)}.png`;

describe('local file storage', () => {
  it('keeps the bytes under their key (making the folder), and a second put of the key changes nothing', async () => {
    const storage = localFileStorage(join(folder, 'files'));
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(KEY, bytes, 'image/png');
    await storage.put(KEY, bytes, 'image/png');
    expect((await storage.get(KEY))!.equals(bytes)).toBe(true);
    // Written through a temporary name: nothing but the file is left behind.
    expect(readdirSync(join(folder, 'files'))).toEqual([KEY]);
  });

  it('answers null for a key it does not hold, also before anything was stored', async () => {
    expect(await localFileStorage(join(folder, 'files')).get(`${'b'.repeat(64)}.jpg`)).toBeNull();
    expect(await localFileStorage(join(folder, 'never-made')).get(KEY)).toBeNull();
  });

  it('refuses anything that is not a content-addressed key, for put and get', async () => {
    const storage = localFileStorage(join(folder, 'files'));
    for (const bad of ['../secret.png', `${'a'.repeat(64)}.gif`, `${'A'.repeat(64)}.png`, `${'a'.repeat(63)}.png`, `x/${'a'.repeat(64)}.png`, '', `${'a'.repeat(64)}.png/..`]) {
      await expect(storage.get(bad), bad).rejects.toThrow('not a file key');
      await expect(storage.put(bad, Buffer.from('x'), 'image/png'), bad).rejects.toThrow('not a file key');
      await expect(storage.delete(bad), bad).rejects.toThrow('not a file key');
    }
    expect(readdirSync(folder).sort()).toEqual(['files']);
  });

  it('keeps an article attachment under messages/<day>/, and its key never carries a path out of it', async () => {
    const storage = localFileStorage(join(folder, 'attachments'));
    const key = messageAttachmentKey('2026-11-24', '../../運行 案内(改訂).pdf', '0123456789abcdef', 'pdf');
    expect(key).toBe('messages/2026-11-24/運行_案内_改訂_0123456789abcdef.pdf');
    await storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await storage.get(key))!.toString()).toBe('%PDF-1.7');
    expect(readdirSync(join(folder, 'attachments', 'messages', '2026-11-24'))).toEqual(['運行_案内_改訂_0123456789abcdef.pdf']);
    expect(messageAttachmentKey('2026-11-24', '../..', '0123456789abcdef', 'pdf')).toBe('messages/2026-11-24/file_0123456789abcdef.pdf');
    expect(messageAttachmentKey('2026-11-24', 'あ'.repeat(300), '0123456789abcdef', 'txt')).toBe(`messages/2026-11-24/${'あ'.repeat(60)}_0123456789abcdef.txt`);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(readdirSync(join(folder, 'attachments', 'messages', '2026-11-24'))).toEqual([]);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    for (const bad of ['messages/2026-11-24/../x_0123456789abcdef.pdf', 'messages/2026-11-24/a/b_0123456789abcdef.pdf', 'messages/2026-11-24/a.b_0123456789abcdef.pdf', 'messages/2026-11-24/a_0123456789abcdef.exe', 'messages/../a_0123456789abcdef.pdf', '/messages/2026-11-24/a_0123456789abcdef.pdf', 'messages/2026-11-24/a_0123456789abcdef.pdf\n']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow('not a file key');
    }
  });
});

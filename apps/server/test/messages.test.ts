/**
 * Dashboard articles (spec 000 §5, 001 §7.7; DESIGN §10 "Dashboard articles"): sort_id rules per
 * category, reordering, changes and deletion, attachments kept through the file storage under
 * `messages/{day}/{name}_{random}.{ext}` and judged by their bytes, who may do what, the
 * operation log, and the live update published in the change's own transaction.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_ATTACHMENT_BYTES } from '@sagano/domain/messages/attachment-type';
import * as t from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { tokyoDateOf } from '@sagano/domain/common/business-date';
import { createTestApp, errorOf, latestOperationLog, signInRoles, type Headers, type TestApp } from './test-app.ts';
import { withDatabaseName } from './test-database-names.ts';

let ctx: TestApp;
let staff: Headers;
let station: Headers;
let agent: Headers;
let admin: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ staff, station, agent } = await signInRoles(ctx));
  admin = await ctx.login('admin@example.com');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Headers | Record<string, never> = staff) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function post(category: string, title: string, body = '', headers: Headers = staff) {
  const res = await call('POST', '/v1/messages', { category, title, body }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; sort_id: number; category: string; title: string; update_time: string };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
async function form(bytes: Buffer, filename: string, type = 'application/octet-stream') {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type }), filename);
  const request = new Request('http://sagano.test/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function upload(messageId: number, bytes: Buffer, filename: string, headers: Headers = staff) {
  const body = await form(bytes, filename);
  return ctx.app.inject({ method: 'POST', url: `/v1/messages/${messageId}/attachments`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function rowCount(table: typeof t.messages | typeof t.messageAttachments) {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return row!.n;
}

/** Every file under the test app's storage folder, as keys. */
function storedKeys(): string[] {
  const root = join(ctx.filesDir, 'messages');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((day) => readdirSync(join(root, day)).map((f) => `messages/${day}/${f}`));
}

const sortIdsOf = async (category: string) => {
  const res = await call('GET', `/v1/messages?category=${category}&per_page=100`, undefined, agent);
  return (res.json().messages as { id: number; sort_id: number }[]).map((m) => [m.id, m.sort_id]);
};

/** A name with spaces and brackets (a path in a name is cut to its last part by the multipart parser). */
const NAME = '2027 団体運賃 (改訂).pdf';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

describe('sort_id', () => {
  it('gives a category its first article 0, then the largest + 10, each category counting on its own', async () => {
    const a = await post('NOTICE', '年末年始の運行について');
    const b = await post('NOTICE', '団体予約の締切');
    const c = await post('NOTICE', '駅の工事');
    expect([a.sort_id, b.sort_id, c.sort_id]).toEqual([0, 10, 20]);
    const other = await post('CAMPAIGN', '紅葉シーズンの団体割引');
    expect(other.sort_id).toBe(0);
    // Newest on top, in its category and in the whole list.
    expect(await sortIdsOf('NOTICE')).toEqual([
      [c.id, 20],
      [b.id, 10],
      [a.id, 0],
    ]);
    const all = (await call('GET', '/v1/messages', undefined, agent)).json();
    expect(all).toMatchObject({ total: 4, page: 1, per_page: 20 });
    expect(all.messages.map((m: { sort_id: number }) => m.sort_id)).toEqual([20, 10, 0, 0]);
  });

  it('reorders one category: (position counted from the end + 1) × 10, and a new article then goes on top', async () => {
    const [c, b, a] = (await sortIdsOf('NOTICE')).map(([id]) => id!);
    const res = await call('PUT', '/v1/messages/order', { category: 'NOTICE', message_ids: [a, c, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages.map((m: { id: number; sort_id: number }) => [m.id, m.sort_id])).toEqual([
      [a, 30],
      [c, 20],
      [b, 10],
    ]);
    expect(await sortIdsOf('NOTICE')).toEqual([
      [a, 30],
      [c, 20],
      [b, 10],
    ]);
    const d = await post('NOTICE', '新しいお知らせ');
    expect(d.sort_id).toBe(40);
    await call('DELETE', `/v1/messages/${d.id}`);

    const log = await latestOperationLog(ctx, 'messages.reorder');
    expect(log).toMatchObject({ category: 'messages', isError: false, requestJson: { body: { category: 'NOTICE', message_ids: [a, c, b] } } });
  });

  it("refuses a list that is not exactly the category's articles, naming message_ids, and changes nothing", async () => {
    const before = await sortIdsOf('NOTICE');
    const ids = before.map(([id]) => id!);
    const [campaign] = (await sortIdsOf('CAMPAIGN')).map(([id]) => id!);
    for (const message_ids of [ids.slice(1), [...ids, campaign], [ids[0], ids[0], ids[1]], [ids[0], ids[1], 999_999], []]) {
      const res = await call('PUT', '/v1/messages/order', { category: 'NOTICE', message_ids });
      expect(res.statusCode, JSON.stringify(message_ids)).toBe(400);
      expect(errorOf(res).field).toBe('message_ids');
    }
    expect(await sortIdsOf('NOTICE')).toEqual(before);
    const bad = await call('PUT', '/v1/messages/order', { category: 'WHATEVER', message_ids: ids });
    expect(errorOf(bad).field).toBe('category');
  });
});

describe('creating, changing and deleting', () => {
  it('changes an article; moved to another category it goes on top there', async () => {
    const m = await post('OPERATION', '強風による運休', '12月1日は始発から運休します。');
    const res = await call('PUT', `/v1/messages/${m.id}`, { category: 'OPERATION', title: '強風による運休（更新）', body: '詳しくは https://www.sagano-kanko.co.jp/ をご覧ください。' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, title: '強風による運休（更新）', sort_id: m.sort_id, category: 'OPERATION' });
    expect(res.json().update_time >= m.update_time).toBe(true);
    const moved = await call('PUT', `/v1/messages/${m.id}`, { category: 'IMPORTANT', title: '強風による運休', body: '' });
    expect(moved.json()).toMatchObject({ category: 'IMPORTANT', sort_id: 0 });
    const read = await call('GET', `/v1/messages/${m.id}`, undefined, agent);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: m.id, category: 'IMPORTANT', title: '強風による運休', body: '', attachments: [] });
    expect(Object.keys(read.json()).sort()).toEqual(['attachments', 'body', 'category', 'create_time', 'id', 'sort_id', 'title', 'update_time']);
    expect(await latestOperationLog(ctx, 'messages.update')).toMatchObject({ category: 'messages', isError: false, operator: 'staff@example.com' });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await rowCount(t.messages);
    for (const [payload, field] of [
      [{ category: 'NEWS', title: 'x' }, 'category'],
      [{ category: 'NOTICE', title: '   ' }, 'title'],
      [{ category: 'NOTICE' }, 'title'],
      [{ category: 'NOTICE', title: 'x'.repeat(201) }, 'title'],
      [{ category: 'NOTICE', title: 'x', body: 'x'.repeat(10_001) }, 'body'],
    ] as [object, string][]) {
      const res = await call('POST', '/v1/messages', payload);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    expect(await rowCount(t.messages)).toBe(before);
    expect((await call('PUT', '/v1/messages/999999', { category: 'NOTICE', title: 'x' })).statusCode).toBe(404);
  });

  it('deletes an article with its attachments and their stored bytes; reading it then answers 404', async () => {
    const m = await post('CAMPAIGN', '消える記事');
    expect((await upload(m.id, PDF, 'a.pdf')).statusCode).toBe(200);
    expect((await upload(m.id, PNG, 'b.png')).statusCode).toBe(200);
    const keys = (await ctx.database.db.select({ k: t.messageAttachments.storageKey }).from(t.messageAttachments).where(eq(t.messageAttachments.messageId, m.id))).map((r) => r.k);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(storedKeys()).toContain(key);
    const res = await call('DELETE', `/v1/messages/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v1/messages/${m.id}`, undefined, agent)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/messages/${m.id}`)).statusCode).toBe(404);
    const [left] = await ctx.database.db.select({ n: count() }).from(t.messageAttachments).where(eq(t.messageAttachments.messageId, m.id));
    expect(left!.n).toBe(0);
    for (const key of keys) {
      expect(storedKeys()).not.toContain(key);
      expect(await ctx.fileStorage.get(key)).toBeNull();
    }
    expect(await latestOperationLog(ctx, 'messages.delete')).toMatchObject({ isError: true, statusCode: 404 });
  });
});

describe('attachments', () => {
  let messageId: number;
  beforeAll(async () => {
    messageId = (await post('IMPORTANT', '2027年度 団体運賃のご案内')).id;
  });

  it('keeps the bytes under messages/{day}/{name}_{random}.{ext} and gives them back, named in UTF-8', async () => {
    const res = await upload(messageId, PDF, NAME);
    expect(res.statusCode, res.body).toBe(200);
    const [attachment] = res.json().attachments;
    expect(attachment).toMatchObject({ filename: NAME, content_type: 'application/pdf', byte_size: PDF.length, download_url: `/v1/messages/${messageId}/attachments/${attachment.id}` });
    const [row] = await ctx.database.db.select().from(t.messageAttachments).where(eq(t.messageAttachments.id, attachment.id));
    const day = tokyoDateOf(new Date());
    expect(row!.storageKey).toMatch(new RegExp(`^messages/${day}/2027_団体運賃_改訂_[0-9a-f]{16}\\.pdf$`, 'u'));
    expect(storedKeys()).toContain(row!.storageKey);
    expect((await ctx.fileStorage.get(row!.storageKey))!.equals(PDF)).toBe(true);

    const download = await call('GET', attachment.download_url, undefined, agent);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="2027 ____ \(__\)\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(NAME);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const log = await latestOperationLog(ctx, 'messages.add_attachment');
    expect(log).toMatchObject({ category: 'messages', isError: false, requestJson: { body: { file_name: NAME, byte_size: PDF.length } } });
    expect(JSON.stringify(log!.requestJson).length).toBeLessThan(1000);

    // The same bytes again get a key of their own (each upload is its own file).
    const again = await upload(messageId, PDF, NAME);
    expect(again.json().attachments).toHaveLength(2);
    const keys = await ctx.database.db.select({ k: t.messageAttachments.storageKey }).from(t.messageAttachments).where(eq(t.messageAttachments.messageId, messageId));
    expect(new Set(keys.map((k) => k.k)).size).toBe(2);
  });

  it('takes an image, a CSV and an Excel file by their content', async () => {
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....xl/workbook.xml....')]);
    for (const [bytes, name, type] of [
      [PNG, '時刻表.png', 'image/png'],
      [Buffer.from('\ufeff列車,人数\r\n1,30\r\n'), '人数.csv', 'text/csv'],
      [xlsx, '料金表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as [Buffer, string, string][]) {
      const res = await upload(messageId, bytes, name);
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
      expect(res.json().attachments.at(-1)).toMatchObject({ filename: name, content_type: type });
    }
  });

  it('refuses by content, size, count and name with 400 naming the file, and stores nothing', async () => {
    const rows = await rowCount(t.messageAttachments);
    const files = storedKeys().length;
    const logs = await latestOperationLog(ctx, 'messages.add_attachment');
    const cases: [Buffer, string, string][] = [
      [PNG, '案内.pdf', "file: the file's content does not match its name's extension"],
      [Buffer.from('plain words'), 'report.docx', "file: the file's content does not match its name's extension"],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'setup.txt', 'file: only PDF, PNG, JPEG, Excel (.xlsx), Word (.docx), CSV or text files are accepted'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif', 'file: only PDF, PNG, JPEG, Excel (.xlsx), Word (.docx), CSV or text files are accepted'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_ATTACHMENT_BYTES)]), 'large.pdf', 'file: the file is larger than 10 MB'],
      [Buffer.alloc(0), 'empty.pdf', 'file: the file is empty'],
    ];
    for (const [bytes, name, description] of cases) {
      const res = await upload(messageId, bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res), name).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'file', error_description: description });
    }
    const json = await call('POST', `/v1/messages/${messageId}/attachments`, { file: 'x' });
    expect(errorOf(json)).toMatchObject({ field: 'file' });
    expect((await upload(999_999, PDF, 'a.pdf')).statusCode).toBe(404);

    expect(await rowCount(t.messageAttachments)).toBe(rows);
    expect(storedKeys()).toHaveLength(files);
    const refused = await latestOperationLog(ctx, 'messages.add_attachment');
    expect(refused!.id).toBeGreaterThan(logs!.id);
    expect(refused).toMatchObject({ isError: true });
  });

  it('holds at most 10 attachments an article', async () => {
    const m = await post('CAMPAIGN', '添付の多い記事');
    for (let i = 0; i < 10; i++) expect((await upload(m.id, PNG, `${i}.png`)).statusCode).toBe(200);
    const files = storedKeys().length;
    const res = await upload(m.id, PNG, '11.png');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'file', error_description: 'file: an article holds at most 10 attachments' });
    expect(storedKeys()).toHaveLength(files);
  });

  it('removes an attachment and its stored bytes; its download then answers 404', async () => {
    const before = (await call('GET', `/v1/messages/${messageId}`)).json();
    const target = before.attachments[0];
    const [{ k: key }] = (await ctx.database.db.select({ k: t.messageAttachments.storageKey }).from(t.messageAttachments).where(eq(t.messageAttachments.id, target.id))) as [{ k: string }];
    expect(storedKeys()).toContain(key);
    const kept = before.attachments.slice(1).length;
    const res = await call('DELETE', target.download_url);
    expect(res.statusCode, res.body).toBe(200);
    expect(storedKeys()).not.toContain(key);
    expect(res.json().attachments).toHaveLength(kept);
    expect(res.json().attachments.map((a: { id: number }) => a.id)).not.toContain(target.id);
    expect((await call('GET', target.download_url, undefined, agent)).statusCode).toBe(404);
    expect((await call('DELETE', target.download_url)).statusCode).toBe(404);
    // An attachment is reached only through its own article.
    const other = (await post('NOTICE', '別の記事')).id;
    expect((await call('GET', `/v1/messages/${other}/attachments/${before.attachments[1].id}`)).statusCode).toBe(404);
    await call('DELETE', `/v1/messages/${other}`);
    expect(await latestOperationLog(ctx, 'messages.delete_attachment')).toMatchObject({ category: 'messages', isError: true, statusCode: 404 });
  });
});

describe('who may do what', () => {
  it('agents and station staff read and download; only the back office (staff and admin) writes', async () => {
    const m = await post('NOTICE', '権限の確認', '', admin);
    const withFile = (await upload(m.id, PDF, 'a.pdf', admin)).json();
    const url = withFile.attachments[0].download_url as string;
    const messages = await rowCount(t.messages);
    const attachments = await rowCount(t.messageAttachments);
    for (const who of [agent, station, await ctx.login('branch-free@example.com')]) {
      expect((await call('GET', '/v1/messages', undefined, who)).statusCode).toBe(200);
      expect((await call('GET', `/v1/messages/${m.id}`, undefined, who)).statusCode).toBe(200);
      const download = await call('GET', url, undefined, who);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);

      for (const [method, path, payload] of [
        ['POST', '/v1/messages', { category: 'NOTICE', title: 'x' }],
        ['PUT', `/v1/messages/${m.id}`, { category: 'NOTICE', title: 'x' }],
        ['DELETE', `/v1/messages/${m.id}`, undefined],
        ['PUT', '/v1/messages/order', { category: 'NOTICE', message_ids: [m.id] }],
        ['DELETE', url, undefined],
      ] as ['POST' | 'PUT' | 'DELETE', string, object | undefined][]) {
        const res = await call(method, path, payload, who);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      expect((await upload(m.id, PDF, 'b.pdf', who)).statusCode).toBe(403);
    }
    expect(await rowCount(t.messages)).toBe(messages);
    expect(await rowCount(t.messageAttachments)).toBe(attachments);

    for (const path of ['/v1/messages', `/v1/messages/${m.id}`, url]) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/messages', payload: { category: 'NOTICE', title: 'x' } })).statusCode).toBe(401);
    const [refusals] = await ctx.database.db
      .select({ n: count() })
      .from(t.operationLogs)
      .where(and(eq(t.operationLogs.operation, 'messages.create'), eq(t.operationLogs.isError, true), eq(t.operationLogs.statusCode, 403)));
    expect(refusals!.n).toBe(3);
  });
});

describe('live updates', () => {
  it('publishes message.changed to everyone when a change commits, and nothing for one refused', async () => {
    const received: unknown[] = [];
    let stop: () => Promise<void>;
    const target = inject('testDatabase');
    if (ctx.database.pglite) {
      const unlisten = await ctx.database.pglite.listen('realtime', (payload) => received.push(JSON.parse(payload)));
      stop = unlisten;
    } else {
      if (target.engine !== 'postgres') throw new Error('unreachable');
      const [{ name }] = rowsOf<{ name: string }>(await ctx.database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
      const client = new pg.Client({ connectionString: withDatabaseName(target.url, name) });
      await client.connect();
      client.on('notification', (n) => received.push(JSON.parse(n.payload!)));
      await client.query('listen realtime');
      stop = () => client.end();
    }
    // Notices go out shortly after their commit: let those of earlier tests arrive, then listen afresh.
    await new Promise((r) => setTimeout(r, 500));
    received.length = 0;
    try {
      const m = await post('NOTICE', 'ライブ更新');
      await call('POST', '/v1/messages', { category: 'NOTICE', title: '' });
      await call('DELETE', `/v1/messages/${m.id}`);
      // Notices go out after commit, gathered for a moment; PostgreSQL folds identical notices of
      // one statement into one, so the create and the delete may arrive as one or two.
      await expect.poll(() => received.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(received.length).toBeLessThanOrEqual(2);
      for (const notice of received) expect(notice).toEqual({ rooms: ['everyone'], event: { type: 'message.changed', message_id: m.id } });
    } finally {
      await stop();
    }
  });
});

/**
 * The operator's basic info beyond its text: postal code and fax, and the logo and company stamp
 * uploaded as images (multipart/form-data), served back byte for byte, removed, and refused by
 * their content (not their name) with nothing written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import * as t from '../src/db/schema.ts';
import { MAX_IMAGE_BYTES } from '../src/modules/files/stored-files.ts';
import { createTestApp, errorOf, signInRoles, type Headers, latestOperationLog, type TestApp } from './test-app.ts';

let ctx: TestApp;
let staff: Headers;
let station: Headers;
let agent: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ staff, station, agent } = await signInRoles(ctx));
});
afterAll(() => ctx.close());

const INFO = '/v1/master-data/operator-basic-info';
const text = { name: '嵯峨野観光鉄道株式会社', tel: '075-861-7444', business_hours: '9:00〜17:00', address: '京都市右京区嵯峨天龍寺車道町', invoice_number: 'T1130001234567' };

/** A real PNG of random pixels: `side` × `side` RGBA compresses hardly at all (600 → about 1.4 MB). */
function png(side: number): Buffer {
  const image = new PNG({ width: side, height: side });
  randomBytes(side * side * 4).copy(image.data);
  return PNG.sync.write(image);
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
async function form(bytes: Buffer, filename: string, type = 'image/png'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type }), filename);
  const request = new Request('http://sagano.test/', { method: 'PUT', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function upload(image: 'logo' | 'stamp', bytes: Buffer, filename: string, headers: { authorization: string } = staff) {
  const body = await form(bytes, filename);
  return ctx.app.inject({ method: 'PUT', url: `${INFO}/${image}`, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const get = (url: string, headers: { authorization: string } = staff) => ctx.app.inject({ method: 'GET', url, headers });

async function storedFiles() {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.storedFiles);
  return row!.n;
}

const lastLog = (operation: string) => latestOperationLog(ctx, operation);

async function logged(operation: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(t.operationLogs).where(and(eq(t.operationLogs.operation, operation), eq(t.operationLogs.isError, false)));
  return row!.n;
}

const keyOf = (bytes: Buffer, ext: string) => `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;

describe('postal code and fax', () => {
  it('starts with the demo postal code, saves both, keeps them when a client leaves them out, and names a bad one', async () => {
    expect((await get(INFO)).json()).toMatchObject({ postal_code: '616-8373', fax: '', logo_url: null, stamp_url: null });
    const saved = await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: { ...text, postal_code: '616-8373', fax: '075-861-7445' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ postal_code: '616-8373', fax: '075-861-7445' });
    const without = await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: text });
    expect(without.json()).toMatchObject({ postal_code: '616-8373', fax: '075-861-7445' });

    const before = (await get(INFO)).json();
    for (const [overrides, field] of [
      [{ postal_code: '6168373' }, 'postal_code'],
      [{ postal_code: '〒616-8373' }, 'postal_code'],
      [{ fax: 'ファクス' }, 'fax'],
      [{ fax: '0'.repeat(21) }, 'fax'],
    ] as [Record<string, string>, string][]) {
      const res = await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: { ...text, ...overrides } });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ error_code: 'VALIDATION_FAILED', field });
    }
    expect(errorOf(await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: { ...text, postal_code: '6168373' } })).error_description).toBe(
      'postal_code: enter 3 digits, a hyphen and 4 digits (e.g. 616-8373)',
    );
    expect((await get(INFO)).json()).toEqual(before);

    const cleared = await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: { ...text, postal_code: '', fax: '' } });
    expect(cleared.json()).toMatchObject({ postal_code: '', fax: '' });
    await ctx.app.inject({ method: 'PUT', url: INFO, headers: staff, payload: { ...text, postal_code: '616-8373' } });
  });
});

describe('the logo and the company stamp', () => {
  it('takes a PNG over the 1 MB JSON limit, serves it back byte for byte, and logs the upload without its bytes', async () => {
    const logo = png(600);
    expect(logo.length).toBeGreaterThan(1024 * 1024);
    expect(logo.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const res = await upload('logo', logo, 'ロゴ.png');
    expect(res.statusCode, res.body).toBe(200);
    const key = keyOf(logo, 'png');
    expect(res.json().logo_url).toBe(`${INFO}/logo?v=${key.slice(0, 16)}`);
    expect(res.json().stamp_url).toBeNull();

    const served = await get(res.json().logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(logo)).toBe(true);
    expect((await get(INFO)).json().logo_url).toBe(res.json().logo_url);

    const [row] = await ctx.database.db.select().from(t.operatorBasicInfo);
    expect(row!.logoFileKey).toBe(key);
    expect((await ctx.fileStorage.get(key))!.equals(logo)).toBe(true);
    const [file] = await ctx.database.db.select().from(t.storedFiles).where(eq(t.storedFiles.key, key));
    expect(file).toMatchObject({ contentType: 'image/png', byteSize: logo.length, originalName: 'ロゴ.png' });

    const log = await lastLog('operator_basic_info.update_logo');
    expect(log).toMatchObject({ category: 'master_data', isError: false, statusCode: 200 });
    expect(log!.requestJson).toMatchObject({ body: { file_name: 'ロゴ.png', byte_size: logo.length } });
    expect(JSON.stringify(log!.requestJson).length).toBeLessThan(1000);
  });

  it('keeps a JPEG stamp apart from the logo, and the same image twice as one stored file', async () => {
    const stamp = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000), Buffer.from([0xff, 0xd9])]);
    const res = await upload('stamp', stamp, 'stamp.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const served = await get(res.json().stamp_url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stamp)).toBe(true);
    expect(res.json().logo_url).not.toBeNull();

    const files = await storedFiles();
    expect((await upload('stamp', stamp, 'again.jpg')).json().stamp_url).toBe(res.json().stamp_url);
    expect(await storedFiles()).toBe(files);
    expect(await logged('operator_basic_info.update_stamp')).toBe(2);
  });

  it('judges the file by its bytes and size, names the image, and writes nothing when it refuses', async () => {
    const before = (await get(INFO)).json();
    const files = await storedFiles();
    const tooLarge = Buffer.concat([png(8), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const cases: [Buffer, string, 'logo' | 'stamp', string][] = [
      [Buffer.from('これは画像ではありません\n'), 'logo.png', 'logo', 'logo: only PNG or JPEG images are accepted'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'stamp.png', 'stamp', 'stamp: only PNG or JPEG images are accepted'],
      [tooLarge, 'large.png', 'logo', 'logo: the image is larger than 2 MB'],
      [Buffer.alloc(0), 'empty.png', 'stamp', 'stamp: the file is empty'],
    ];
    for (const [bytes, name, image, description] of cases) {
      const res = await upload(image, bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res), name).toEqual({ error_code: 'VALIDATION_FAILED', error_description: description, field: image });
    }
    expect(await ctx.fileStorage.get(keyOf(tooLarge, 'png'))).toBeNull();

    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const request = new Request('http://sagano.test/', { method: 'PUT', body: noFile });
    const empty = await ctx.app.inject({ method: 'PUT', url: `${INFO}/logo`, headers: { ...staff, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    expect(errorOf(empty)).toMatchObject({ field: 'logo', error_description: 'logo: choose an image file' });
    const whole = await form(png(8), 'cut.png');
    const cut = await ctx.app.inject({ method: 'PUT', url: `${INFO}/stamp`, headers: { ...staff, ...whole.headers }, payload: whole.payload.subarray(0, 120) });
    expect(errorOf(cut)).toMatchObject({ field: 'stamp', error_description: 'stamp: the upload is not a complete multipart/form-data body' });
    const json = await ctx.app.inject({ method: 'PUT', url: `${INFO}/logo`, headers: staff, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json)).toMatchObject({ field: 'logo' });

    expect(await storedFiles()).toBe(files);
    expect((await get(INFO)).json()).toEqual(before);
    const [failed] = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'operator_basic_info.update_logo'), eq(t.operationLogs.isError, true))).limit(1);
    expect(failed).toMatchObject({ statusCode: 400 });
  });

  it('is the back office\'s: station staff and agents may not even look', async () => {
    const before = (await get(INFO)).json();
    const files = await storedFiles();
    const image = png(4);
    expect((await upload('logo', image, 'x.png', agent)).statusCode).toBe(403);
    expect((await upload('stamp', image, 'x.png', station)).statusCode).toBe(403);
    for (const url of [`${INFO}/logo`, `${INFO}/stamp`]) {
      expect((await ctx.app.inject({ method: 'DELETE', url, headers: agent })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'DELETE', url, headers: station })).statusCode).toBe(403);
      expect((await get(url, agent)).statusCode).toBe(403);
      expect((await get(url, station)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await get(INFO, agent)).statusCode).toBe(403);
    expect((await get(INFO, station)).statusCode).toBe(403);
    expect(await storedFiles()).toBe(files);
    expect((await get(INFO)).json()).toEqual(before);
  });

  it('removes the logo and the stamp, keeping the stored files that issued invoices print', async () => {
    const files = await storedFiles();
    for (const image of ['logo', 'stamp'] as const) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `${INFO}/${image}`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()[`${image}_url`]).toBeNull();
      const gone = await get(`${INFO}/${image}`);
      expect(gone.statusCode).toBe(404);
      expect(errorOf(gone).error_code).toBe('NOT_FOUND');
      expect(await logged(`operator_basic_info.remove_${image}`)).toBe(1);
    }
    expect(await storedFiles()).toBe(files);
    // Removing what is not there changes nothing and is no error.
    expect((await ctx.app.inject({ method: 'DELETE', url: `${INFO}/logo`, headers: staff })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KIND_RECIPIENTS, MAIL_KINDS } from '@sagano/domain/mail/mail-kinds';
import { createSignedInTestApp, errorOf, type Headers, type TestApp } from './test-app.ts';

let ctx: TestApp;
let staff: Headers;
let agent: Headers;
beforeAll(async () => {
  ({ ctx, staff, agent } = await createSignedInTestApp({ staff: 'staff@example.com', agent: 'agent-free@example.com' }));
});
afterAll(() => ctx.close());

const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
/** A code as a person never reads it: UPPER_SNAKE of two parts or more, or an unfilled template. */
const CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\$\{|undefined|null|NaN/;

describe('mail kinds (the mail templates screen)', () => {
  it('lists every kind of MAIL_KINDS, in its order, with who receives it', async () => {
    const res = await get('/v1/mail-kinds', staff);
    expect(res.statusCode).toBe(200);
    const rows = res.json().mail_kinds as { kind: string; recipient: string; has_preview: boolean }[];
    expect(rows.map((r) => r.kind)).toEqual([...MAIL_KINDS]);
    for (const row of rows) expect(row.recipient, row.kind).toBe(MAIL_KIND_RECIPIENTS[row.kind as keyof typeof MAIL_KIND_RECIPIENTS]);
    // Every kind has a sample: a new kind of mail is not done until the templates screen shows it.
    for (const row of rows) expect(row.has_preview, row.kind).toBe(true);
  });

  it('renders each sample with the template the product sends, in ja and en, filled in, with the booking link', async () => {
    const rows = (await get('/v1/mail-kinds', staff)).json().mail_kinds as { kind: string; has_preview: boolean }[];
    for (const { kind, has_preview } of rows) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await get(`/v1/mail-kinds/${encodeURIComponent(kind)}/preview?lang=${lang}`, staff);
        if (!has_preview) {
          expect(res.statusCode, kind).toBe(404);
          continue;
        }
        expect(res.statusCode, `${kind} ${lang}`).toBe(200);
        const preview = res.json() as { kind: string; lang: string; subject: string; body: string };
        expect(preview.kind).toBe(kind);
        expect(preview.subject.length, kind).toBeGreaterThan(5);
        expect(`${preview.subject}\n${preview.body}`, `${kind} ${lang}`).not.toMatch(CODE);
        // The booking answers staff edit before sending are Japanese texts; every other mail is in the recipient's language.
        if (['booking.ok', 'booking.ng', 'booking.seat_table', 'booking.voucher'].includes(kind)) expect(preview.lang, kind).toBe('ja');
        else expect(preview.lang, kind).toBe(lang);
      }
    }
    const ok = (await get('/v1/mail-kinds/booking.ok/preview?lang=ja', staff)).json();
    expect(ok.subject).toBe('【嵯峨野トロッコ列車】団体予約確定のお知らせ（予約番号 26050001）');
    expect(ok.body).toContain('桜ヶ丘中学校 修学旅行');
    const received = (await get('/v1/mail-kinds/PAYMENT_RECEIVED/preview?lang=en', staff)).json();
    expect(received.subject).toBe('[Sagano Group Bookings] Payment received (booking 26050001)');
    expect(received.body).toMatch(/https?:\/\/[^\s]+\/bookings\/26050001/);
  });

  it('is the back office\'s; a wrong kind or language is a 400 naming it', async () => {
    expect((await get('/v1/mail-kinds', agent)).statusCode).toBe(403);
    expect((await get('/v1/mail-kinds/booking.ok/preview', agent)).statusCode).toBe(403);
    expect((await get('/v1/mail-kinds')).statusCode).toBe(401);
    const kind = await get('/v1/mail-kinds/booking.maybe/preview', staff);
    expect(kind.statusCode).toBe(400);
    expect(errorOf(kind).field).toBe('kind');
    const lang = await get('/v1/mail-kinds/booking.ok/preview?lang=fr', staff);
    expect(lang.statusCode).toBe(400);
    expect(errorOf(lang).field).toBe('lang');
  });
});

describe('the cancellation policy document', () => {
  it('is open without a session and is the policy in force', async () => {
    const open = await get('/v1/cancellation-policy');
    expect(open.statusCode).toBe(200);
    const inForce = (await get('/v1/master-data/cancellation-policy', staff)).json();
    expect(open.json()).toEqual(inForce);
    expect(open.json().policy.length).toBeGreaterThan(0);
  });
});

/**
 * A mailed seat table or voucher is decided by its step and delivered by a job (ADR 035): the
 * step answers with the document recorded as sent (and its fingerprint, for "outdated"), the
 * delivery job lays out the PDF of what the step froze and queues the mail once, and a delivery
 * whose job was lost is sent again when the queue starts. This app runs no queue: the steps'
 * jobs go nowhere, and the test runs the start-up and the job by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { startJobs } from '../src/jobs/all-jobs.ts';
import type { JobDeps } from '../src/jobs/define-job.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { systemClock } from '../src/lib/clock.ts';
import { deliverSeatDocumentJob } from '../src/modules/seats/seats.jobs.ts';
import type { TestApp } from './test-app.ts';
import { pdfText } from './support/pdf-reading.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, bookingCalls } from './support/booking-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;

beforeAll(async () => {
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp());
});
afterAll(async () => {
  await ctx.close();
});

const { body, post, get, submit } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));
const put = (url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: staff, payload });

type Sent = { name: string; data: object };
/** A queue that only records what is sent to it (no worker runs). */
function recordingQueue(): JobQueue & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    send: async (name, data) => {
      sent.push({ name, data });
      return null;
    },
    work: async () => undefined,
    schedule: async () => undefined,
    stop: async () => undefined,
  };
}

const jobDeps = (jobs = recordingQueue()): JobDeps => ({ db: ctx.database.db, clock: systemClock, config: ctx.config, jobs, mailSender: undefined, gateway: ctx.gateway });

/** The document mails queued for a booking, oldest first, with their attachments. */
async function mailsOf(id: string) {
  const db = ctx.database.db;
  const mails = await db
    .select()
    .from(t.outboxMails)
    .where(and(eq(t.outboxMails.bookingId, id), inArray(t.outboxMails.kind, ['booking.seat_table', 'booking.seat_table_reissued', 'booking.voucher', 'booking.voucher_reissued'])))
    .orderBy(asc(t.outboxMails.createdAt), asc(t.outboxMails.kind));
  return Promise.all(mails.map(async (m) => ({ ...m, attachments: await db.select().from(t.outboxMailAttachments).where(eq(t.outboxMailAttachments.outboxMailId, m.id)) })));
}

/** A booking of `adults` adults of the special-contract agent, confirmed and seated (seats OK). */
async function seated(adults: number, email: string): Promise<string> {
  const id = await submit({ agent_id: agents.SPECIAL_CONTRACTED, applicant: { name: '中村 さくら', email, phone_number: '075-111-2222' }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] } });
  for (const [step, payload] of [['reserve_allotments'], ['confirm_booking', { mail: { subject: 's', body: 'b' } }], ['assign_seats', {}], ['assign_seats_ok']] as const) {
    const res = await post(`/v1/bookings/${id}/${step}`, payload);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  return id;
}

/** The payloads the queue's start-up sends to the delivery job. */
async function deliveriesAtStart(): Promise<{ mailing_id: number }[]> {
  const queue = recordingQueue();
  await startJobs(queue, jobDeps());
  return queue.sent.filter((s) => s.name === 'seats.deliver-document').map((s) => s.data as { mailing_id: number });
}

describe('a mailed document is decided by its step and delivered by a job', () => {
  it('the step records the document as sent; a lost delivery goes out at the start, once, with the PDF of what the step decided', async () => {
    const email = 'delivery.first@example.com';
    const id = await seated(12, email);
    const sent = await post(`/v1/bookings/${id}/send_seat_table`, { mail: { subject: '座席表のご送付', body: '座席表を添付します' } });
    expect(sent.statusCode, sent.body).toBe(200);
    // Decided: the booking moves on and its seat table counts as sent, up to date.
    const booking = (await get(`/v1/bookings/${id}`)).json();
    expect(booking).toMatchObject({ sub_status: 'SAGANO_SEAT_TABLE_SENT', documents: { seat_table_sent_at: expect.any(String), voucher_sent_at: null, outdated: [] } });
    // Not yet delivered: no queue ran the step's job.
    expect(await mailsOf(id)).toEqual([]);

    // The queue's start-up finds the delivery whose job was lost and sends it again.
    const pending = await deliveriesAtStart();
    expect(pending).toHaveLength(1);
    await deliverSeatDocumentJob.run(jobDeps(), pending[0]!);
    const [mail, ...more] = await mailsOf(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'booking.seat_table', toAddress: email, subject: '座席表のご送付', bodyText: '座席表を添付します', status: 'PENDING', documentFingerprint: expect.any(String) });
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`seat-table-${id}.pdf`, 'application/pdf']]);
    const text = await pdfText(Buffer.from(mail!.attachments[0]!.content));
    expect(text).toContain('座席表');
    expect(text).toContain(id);
    expect(text).toMatch(/12\s*名/);

    // A retried or repeated delivery mails nothing more, and nothing is left for the next start.
    await deliverSeatDocumentJob.run(jobDeps(), pending[0]!);
    expect((await mailsOf(id)).map((m) => m.id)).toEqual([mail!.id]);
    expect(await deliveriesAtStart()).toEqual([]);
    expect(await deliverSeatDocumentJob.atStart!(jobDeps())).toEqual([]);
  });

  it('a re-send is decided with the booking as it stood: the PDFs print it even when the booking changes before the delivery', async () => {
    const email = 'delivery.resend@example.com';
    const id = await seated(30, email);
    expect((await post(`/v1/bookings/${id}/send_seat_table`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/confirm_voucher`, { note: '' })).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/send_voucher`, { mail: { subject: 'v', body: 'b' } })).statusCode).toBe(200);
    const { applicant, tour_conductor, group, service_order } = body();
    const changeTo = async (adults: number) => {
      const res = await put(`/v1/bookings/${id}/params`, { applicant: { ...applicant, email }, tour_conductor, group, service_order, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] }, note: '人数変更' });
      expect(res.statusCode, res.body).toBe(200);
      if ((await get(`/v1/bookings/${id}`)).json().status === 'MODIFICATION_SUBMITTED') expect((await post(`/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
    };
    await changeTo(27);
    expect((await get(`/v1/bookings/${id}`)).json().documents.outdated).toEqual(['seat_table', 'voucher']);
    const resent = await post(`/v1/bookings/${id}/resend_documents`, {});
    expect(resent.json()).toEqual({ resent: ['seat_table', 'voucher'] });
    expect((await get(`/v1/bookings/${id}`)).json().documents.outdated).toEqual([]);

    // The group shrinks again before the delivery runs: the re-sent documents still print 27, and are outdated.
    await changeTo(25);
    expect((await get(`/v1/bookings/${id}`)).json().documents.outdated).toEqual(['seat_table', 'voucher']);
    const pending = await deliverSeatDocumentJob.atStart!(jobDeps());
    expect(pending).toHaveLength(4); // the first seat table and voucher, and their re-sends
    for (const payload of pending) await deliverSeatDocumentJob.run(jobDeps(), payload);
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking.seat_table', 'booking.seat_table_reissued', 'booking.voucher', 'booking.voucher_reissued']);
    for (const m of mails.filter((x) => x.kind.endsWith('_reissued'))) {
      expect(m.toAddress).toBe(email);
      expect(m.subject).toContain('再送');
      const [file] = m.attachments;
      expect(file!.filename).toBe(`${m.kind.startsWith('booking.seat_table') ? 'seat-table' : 'voucher'}-${id}.pdf`);
      const text = await pdfText(Buffer.from(file!.content));
      expect(text).toMatch(/27\s*名/);
      expect(text).not.toMatch(/25\s*名/);
    }
    const voucher = mails.find((m) => m.kind === 'booking.voucher')!;
    expect(await pdfText(Buffer.from(voucher.attachments[0]!.content))).toMatch(/30\s*名/);

    // Run again, nothing more.
    for (const payload of pending) await deliverSeatDocumentJob.run(jobDeps(), payload);
    expect(await mailsOf(id)).toHaveLength(4);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';
import { addFixturePricing, createInventoryFixture, type InventoryFixture } from './support/inventory-fixture.ts';
import { reservedBooking } from './support/booking-fixture.ts';

let ctx: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let fx: InventoryFixture;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  fx = await createInventoryFixture(ctx.database.db);
  await addFixturePricing(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('booking mails', () => {
  it('delivers the booking OK mail, as staff edited it, to the applicant over SMTP', async () => {
    const staff = await ctx.login('staff@example.com');
    const [agent] = await ctx.database.db.select({ id: t.agents.id }).from(t.agents).where(eq(t.agents.agentType, 'CONTRACTED'));
    const id = await reservedBooking(ctx, staff, { agentId: agent!.id, day: fx.days[0]!, serviceId: fx.down, adults: 12 });
    const template = (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}/mail_templates/booking_ok`, headers: staff })).json();
    const body = `${template.body}\n\n当日は改札前にお集まりください。`;
    const confirm = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${id}/confirm_booking`, headers: staff, payload: { mail: { subject: template.subject, body } } });
    expect(confirm.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('ito.groups@example.com'));
    expect(mail.subject).toBe(`【嵯峨野トロッコ列車】団体予約確定のお知らせ（予約番号 ${id}）`);
    expect(mail.text).toContain('当日は改札前にお集まりください。');
    expect(mail.text).toContain('人数：12名');
  });
});

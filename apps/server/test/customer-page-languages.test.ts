import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApp } from './test-app.ts';
import { pdfText } from './support/pdf-reading.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentId: number;

const ADULT = 1;
const TEL = '075-861-7444';
const ADDRESS = '京都市右京区嵯峨天龍寺車道町';

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp());
  agentId = agentIds.CONTRACTED!;
  const admin = await ctx.login('admin@example.com');
  const info = (await ctx.app.inject({ method: 'GET', url: '/v1/master-data/operator-basic-info', headers: admin })).json();
  const { name, business_hours, invoice_number } = info;
  const res = await ctx.app.inject({ method: 'PUT', url: '/v1/master-data/operator-basic-info', headers: admin, payload: { name, business_hours, invoice_number, tel: TEL, address: ADDRESS, postal_code: '616-8373' } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: staff, ...(payload ? { payload } : {}) });
const anonymous = (url: string) => ctx.app.inject({ method: 'GET', url });
const mail = { mail: { subject: 's', body: 'b' } };

async function submit(adults: number): Promise<{ id: string; token: string }> {
  const res = await post('/v1/bookings', {
    applicant: { name: '金 민준', email: 'minjun@example.com', phone_number: '075-000-1111' },
    group: { group_type: 'NORMAL', name: '서울 여행 모임', name_kana: '', country_code: 'KOR' },
    service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] },
    agent_id: agentId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().booking_id as string;
  const booking = (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: staff })).json();
  return { id, token: encodeURIComponent(booking.booking_token as string) };
}

describe("the group's voucher in its page's language", () => {
  let id: string;
  let token: string;

  it('a seated booking with a confirmed voucher', async () => {
    ({ id, token } = await submit(12));
    for (const step of ['reserve_allotments', 'confirm_booking', 'assign_seats', 'assign_seats_ok', 'send_seat_table']) {
      const res = await post(`/v1/bookings/${id}/${step}`, step.startsWith('confirm') || step.startsWith('send') ? mail : {});
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    expect((await post(`/v1/bookings/${id}/confirm_voucher`, { note: '' })).statusCode).toBe(200);
  });

  it('in Korean: Japanese with Korean headings, the operator phone and address', async () => {
    const res = await anonymous(`/v1/bookings/${id}/Voucher?token=${token}&lang=ko`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const heading of ['乗車証明書（バウチャー） / 승차 증명서(바우처)', '予約番号 / 예약 번호', '団体名 / 단체명', '人数 / 인원', 'お問い合わせ / 문의처', '서울 여행 모임', id]) expect(text).toContain(heading);
    expect(text).toMatch(/号車 \/ \d호차/);
    expect(text).toContain(TEL);
    expect(text).toContain(`〒616-8373 ${ADDRESS}`);
    expect(text).not.toContain('Booking No.');
  });

  it('in traditional Chinese through the mailed link, and in Japanese with English by default', async () => {
    const booking = (await anonymous(`/v1/bookings/${id}/summary?token=${token}`)).json();
    const zh = await anonymous(`${booking.voucher_url}?lang=zh-hant`);
    expect(zh.statusCode, zh.body).toBe(200);
    const text = await pdfText(zh.rawPayload);
    for (const heading of ['乗車証明書（バウチャー） / 乘車憑證', '予約番号 / 預約編號', '團體名稱', '聯絡方式', '乘車當天請向車站工作人員出示本憑證。', TEL, ADDRESS]) expect(text).toContain(heading);

    const plain = await pdfText((await anonymous(`/v1/bookings/${id}/Voucher?token=${token}`)).rawPayload);
    for (const heading of ['予約番号 / Booking No.', 'お問い合わせ / Contact', TEL, ADDRESS]) expect(plain).toContain(heading);
    // The staff voucher: as before, with the phone and address.
    const staffPdf = await pdfText((await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}/voucher.pdf`, headers: staff })).rawPayload);
    for (const heading of ['予約番号 / Booking No.', TEL, ADDRESS]) expect(staffPdf).toContain(heading);
  });

  it('refuses a language it does not know, naming the field', async () => {
    const res = await anonymous(`/v1/bookings/${id}/Voucher?token=${token}&lang=fr`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('lang');
  });
});

describe("the group's page is told what happened", () => {
  it('a booking refused because its train was suspended carries the reason, and no invoice', async () => {
    const { id, token } = await submit(8);
    expect((await post(`/v1/bookings/${id}/refuse_booking`, { reason: 'SERVICE_SUSPENSION', ...mail })).statusCode).toBe(200);
    const summary = (await anonymous(`/v1/bookings/${id}/summary?token=${token}`)).json();
    expect(summary).toMatchObject({ status: 'NOT_RESERVED', refusal_reason: 'SERVICE_SUSPENSION', cancelled_at: null, invoice_url: null, voucher_available: false });
  });

  it('a live booking has no refusal reason nor cancellation day', async () => {
    const { id, token } = await submit(8);
    expect((await anonymous(`/v1/bookings/${id}/summary?token=${token}`)).json()).toMatchObject({ status: 'SUBMITTED', refusal_reason: null, cancelled_at: null });
  });
});

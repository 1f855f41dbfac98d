import { describe, expect, it } from 'vitest';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { BookingSeatsResponse } from '@sagano/domain/seats/seat-schemas';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { BACK_OFFICE_STAFF, renderRoutes, useScreenTests } from '../../test/render-screen.tsx';
import { Component as AssignSeats } from './assign-seats.tsx';
import { Component as EnsureSeats } from './ensure-seats.tsx';
import { bookingSeat, bookingSeatDirection } from '../../test/booking-seats.ts';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../test/screen.ts';



const FLAGS: BookingResponse['flags'] = {
  can_update: false,
  can_cancel: false,
  can_confirm_cancellation: false,
  can_decline_cancellation: false,
  can_show_voucher: false,
  can_show_seat_table: false,
  can_release_seats: false,
  can_reserve_allotments: false,
  can_release_allotments: false,
  can_confirm_allotments: false,
  can_assign_seats: false,
  can_confirm_seats: false,
  can_generate_voucher: false,
  can_send_voucher: false,
  can_refuse: false,
  can_request_seat_assignment: false,
};

/** The parts of the booking the seat screens read. */
function booking(subStatus: BookingResponse['sub_status'], flags: Partial<BookingResponse['flags']>): BookingResponse {
  return {
    booking_id: '26050601',
    status: 'RESERVED',
    sub_status: subStatus,
    group: { group_type: 'SCHOOL', name: '桜ヶ丘高校', name_kana: '', country_code: 'JP', japan_prefecture_code: 26 },
    main_params: {
      service_order: { is_round_trip: false, update_count: 0, services: [] },
      participant_group: { participant_quantity: 3, unit_quantity_items: [], wheel_chairs: [{ need_slope: true }] },
      voucherNote: '',
    },
    flags: { ...FLAGS, ...flags },
  } as unknown as BookingResponse;
}

const seat = bookingSeat;

function seats(serviceDay = '2026-05-06'): BookingSeatsResponse {
  const all = [
    seat('2-1A', { mine: true }),
    seat('2-1B', { mine: true }),
    seat('2-1C', { taken_by: '26050999' }),
    seat('3-1A', { is_wheelchair: true, mine: true }),
    seat('3-2C', { assignable: true }),
    seat('3-2D'),
  ];
  return {
    booking_id: '26050601',
    group_name: '桜ヶ丘高校',
    status: 'RESERVED',
    sub_status: 'SAGANO_SEAT_ASSIGNING',
    participant_quantity: 3,
    wheel_chairs: [{ need_slope: true }],
    seat_ng_reason: '',
    directions: [bookingSeatDirection(all, { service_day: serviceDay, needed_wheelchair_places: 1 })],
  };
}

let calls: ApiCall[] = [];

function fakeApi(answer: { booking: BookingResponse; seats: BookingSeatsResponse }) {
  calls = stubApi(async (call) => {
    if (call.method === 'POST' && call.url.endsWith('/assign_seats')) return json(200, answer.seats);
    if (call.method === 'POST') return json(200, { ok: true });
    if (call.url === '/v1/bookings/26050601') return json(200, answer.booking);
    if (call.url === '/v1/bookings/26050601/seats') return json(200, answer.seats);
    if (call.url.includes('/mail_templates/seat_table')) return json(200, { subject: '座席表のご案内', body: '本文', to_address: 'a@example.com' });
    if (call.url.startsWith('/v1/arrangements-types'))
      return json(200, { arrangement_types: [{ arrangement_type_id: 1, name: [{ language_id: 'ja', text: '団体' }], color_hex: '#2f9e44', seat_type: 'SEAT', display_order: 1, is_group_allotment: true }] });
    if (call.url.startsWith('/v1/stations')) return json(200, { stations: [{ station_id: 1, display_order: 1, labels: [{ language_id: 'ja', text: 'トロッコ嵯峨' }] }, { station_id: 4, display_order: 4, labels: [{ language_id: 'ja', text: 'トロッコ亀岡' }] }], directions: [] });
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
}

function open(path: string) {
  renderRoutes(
    [
      { path: '/bookings/:bookingId/assign-seats', Component: AssignSeats },
      { path: '/bookings/:bookingId/ensure-seats', Component: EnsureSeats },
      { path: '/bookings/:bookingId', element: <p>booking detail</p> },
    ],
    path,
    { user: BACK_OFFICE_STAFF },
  );
}

const anyButton = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) as HTMLButtonElement | undefined;
const seatButton = (id: string) => document.querySelector<HTMLButtonElement>(`[data-seat-id="${id}"]`);
const posts = () => calls.filter((c) => c.method === 'POST');

describe('seat screens', () => {
  useScreenTests();

  it('hand-picks seats: swaps one of the booking seats for a free one and sends exactly the selection', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_ASSIGNING', { can_assign_seats: true, can_release_seats: true }), seats: seats() });
    open('/bookings/26050601/assign-seats');
    await waitFor(() => seatButton('3-2C'));
    expect(pageText()).toContain('座席指定 26050601');
    expect(pageText()).toContain('往路');
    expect(pageText()).toContain('スロープ要 1名');
    expect(pageText()).toContain('A: 予約 26050999（1席）');
    expect(seatButton('2-1C')!.disabled).toBe(true);
    expect(seatButton('3-2D')!.disabled).toBe(true);
    expect(anyButton('選択した席で確定')!.disabled).toBe(true);

    seatButton('2-1B')!.click();
    await waitFor(() => pageText().includes('選択中 2 / 必要 3席'));
    expect(anyButton('選択した席で確定')!.disabled).toBe(true);
    seatButton('3-2C')!.click();
    await waitFor(() => pageText().includes('選択中 3 / 必要 3席'));
    expect(pageText()).toContain('追加 1席・解除 1席');

    enabledButton('選択した席で確定')!.click();
    await waitFor(() => posts().length > 0);
    expect(posts()[0]).toEqual({
      url: '/v1/bookings/26050601/assign_seats',
      method: 'POST',
      body: { seat_req: [{ direction: 'down', seat_ids: ['2-1A', '3-1A', '3-2C'], standing: 0 }] },
    });
  });

  it('assigns every train automatically, and asks a reason before NG', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_ASSIGNING', { can_assign_seats: true }), seats: seats() });
    open('/bookings/26050601/assign-seats');
    await waitFor(() => enabledButton('全列車を自動割当'));
    enabledButton('全列車を自動割当')!.click();
    await waitFor(() => posts().length === 1);
    expect(posts()[0]).toMatchObject({ url: '/v1/bookings/26050601/assign_seats', body: {} });
    await waitFor(() => pageText().includes('座席を割り当てました'));
    expect(document.querySelector('[data-testid="seats-success"]')?.textContent).toContain('座席指定OK');

    enabledButton('座席指定NG')!.click();
    await waitFor(() => enabledButton('NGにする'));
    enabledButton('NGにする')!.click();
    await waitFor(() => pageText().includes('NG理由を入力してください'));
    expect(posts()).toHaveLength(1);
  });

  it('locks the map when seats may not be changed', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_TABLE_SENT', { can_confirm_seats: true }), seats: seats() });
    open('/bookings/26050601/assign-seats');
    await waitFor(() => seatButton('3-2C'));
    // Seats given: said as a success (green, with a check), not as a refusal.
    expect(pageText()).toContain('座席の割り当ては完了しています');
    expect(pageText()).not.toContain('この予約の現在の状態では座席を変更できません。');
    expect(document.querySelector('[data-testid="seats-success"]')?.textContent).toContain('座席の割り当ては完了しています');
    expect(seatButton('3-2C')!.disabled).toBe(true);
    expect(anyButton('全列車を自動割当')!.disabled).toBe(true);
    expect(anyButton('座席指定OK')!.disabled).toBe(true);
  });

  it('shows the seat sheet and allows same-day release only on the service day', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_RESERVED', { can_confirm_seats: true, can_release_seats: true }), seats: seats() });
    open('/bookings/26050601/ensure-seats');
    await waitFor(() => pageText().includes('座席表 26050601'));
    const sheet = await waitFor(() => document.querySelector('[data-testid="sheet-down"]'));
    expect([...sheet.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['2号車1A1B2席', '3号車1A1席']);
    expect(pageText()).toContain('車いす席3号車 1A');
    expect(pageText()).toContain('スロープ要 1名');
    expect(pageText()).toContain('3 / 必要 3席');
    expect(pageText()).toContain('当日解放は乗車日（2026-05-06）の当日にのみ行えます。');
    expect(document.querySelector('a[href="/v1/bookings/26050601/seat_table.pdf"]')).not.toBeNull();
    expect(anyButton('選択した席を当日解放')!.disabled).toBe(true);
  });

  it('releases the ticked seats on the service day after asking', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_TABLE_SENT', { can_confirm_seats: true, can_release_seats: true }), seats: seats(tokyoToday()) });
    open('/bookings/26050601/ensure-seats');
    const box = await waitFor(() => document.querySelector<HTMLInputElement>('input[aria-label="2号車 1B"]'));
    box.click();
    await waitFor(() => pageText().includes('1席を選択中'));
    enabledButton('選択した席を当日解放')!.click();
    await waitFor(() => enabledButton('解放する'));
    expect(pageText()).toContain('2号車 1B（1席）を解放し');
    enabledButton('解放する')!.click();
    await waitFor(() => posts().length === 1);
    expect(posts()[0]).toEqual({ url: '/v1/bookings/26050601/release-seats', method: 'POST', body: { direction: 'down', seat_ids: ['2-1B'] } });
  });

  it('mails the seat table from its template', async () => {
    fakeApi({ booking: booking('SAGANO_SEAT_RESERVED', { can_confirm_seats: true }), seats: seats() });
    open('/bookings/26050601/ensure-seats');
    await waitFor(() => enabledButton('座席表をメールで送信'));
    enabledButton('座席表をメールで送信')!.click();
    await waitFor(() => enabledButton('座席表を送信'));
    expect(pageText()).toContain('座席表の送信（メール）');
    expect(document.querySelector<HTMLInputElement>('input[value="座席表のご案内"]')).not.toBeNull();
    enabledButton('座席表を送信')!.click();
    await waitFor(() => posts().length === 1);
    expect(posts()[0]).toEqual({ url: '/v1/bookings/26050601/send_seat_table', method: 'POST', body: { mail: { subject: '座席表のご案内', body: '本文' } } });
  });
});

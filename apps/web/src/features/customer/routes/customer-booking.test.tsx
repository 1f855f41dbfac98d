import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingSeatsResponse, CustomerBookingSummary } from '@sagano/domain/seats/seat-schemas';
import { changeLanguage, loadMessages } from '../../../lib/i18n.ts';
import { renderRoutes, useScreenTests } from '../../../test/render-screen.tsx';
import { Component } from './customer-booking.tsx';
import { bookingSeat, bookingSeatDirection } from '../../../test/booking-seats.ts';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';


function summary(over: Partial<CustomerBookingSummary> = {}): CustomerBookingSummary {
  return {
    booking_id: '26050601',
    group_name: '桜ヶ丘高校 2年',
    agent_name: 'さがの旅行',
    agent_name_en: '',
    status: 'RESERVED',
    refusal_reason: null,
    cancelled_at: null,
    participant_quantity: 2,
    wheelchairs: 0,
    trains: [
      {
        direction: 'down',
        service_day: '2026-05-06',
        service_id: 11,
        service_names: [
          { language_id: 'ja', text: 'トロッコ1号' },
          { language_id: 'en', text: 'Torokko No. 1' },
        ],
        from_station_id: 1,
        to_station_id: 4,
        departure_hhmm: '09:02',
        arrival_hhmm: '09:25',
        cars: [{ car_number: 2, seats: ['1A', '1B'] }],
        standing: 0,
      },
    ],
    voucher_note: '出発の15分前までにお越しください。',
    voucher_available: true,
    invoice_url: null,
    voucher_url: '/voucher/26050601/tok',
    can_change_seat: true,
    ...over,
  };
}

const seat = bookingSeat;

function seats(): BookingSeatsResponse {
  const all = [seat('2-1A', { mine: true }), seat('2-1B', { mine: true }), seat('3-2A', { assignable: true }), seat('3-2C', { assignable: true }), seat('3-2D', { taken_by: '' })];
  return {
    booking_id: '26050601',
    group_name: '桜ヶ丘高校 2年',
    status: 'RESERVED',
    sub_status: 'SAGANO_SEAT_RESERVED',
    participant_quantity: 2,
    wheel_chairs: [],
    seat_ng_reason: '',
    directions: [bookingSeatDirection(all, { standingCapacity: 10 })],
  };
}

let calls: ApiCall[] = [];

function fakeApi(routes: (call: ApiCall) => Response | Promise<Response> | undefined) {
  calls = stubApi(async (call, init) => {
    expect(init?.credentials).toBe('omit');
    const answer = await routes(call);
    if (answer) return answer;
    if (call.url.startsWith('/v1/stations')) return json(200, { stations: [], directions: [] });
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
}

function open(path: string) {
  // The page's own messages, as its download and its seat change dialog's fetch them (not every screen's).
  return renderRoutes([{ path: '/customer/bookings/:bookingId', loader: () => loadMessages(['customer', 'seatMap']).then(() => null), Component }, { path: '/login', element: <p>login screen</p> }], path);
}

const seatButton = (id: string) => document.querySelector<HTMLButtonElement>(`[data-seat-id="${id}"]`);

/** Opens the booking, lets seat 2-1A go, takes `seat` instead and asks to change. */
async function openAndSwap2_1A(seat: string) {
  open('/customer/bookings/26050601?token=tok');
  await waitFor(() => seatButton('2-1A'));
  seatButton('2-1A')!.click();
  await waitFor(() => pageText().includes('選択 1 / 必要 2'));
  seatButton(seat)!.click();
  (await waitFor(() => enabledButton('この座席に変更する'))).click();
}

describe('customer booking page', () => {
  useScreenTests();
  beforeEach(() => {
    // The trains run on 2026-05-06: a few days ahead, so their seats may still change.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T09:00:00+09:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the booking is not found for a wrong token, without sending anyone to the login', async () => {
    fakeApi(() => undefined);
    const router = open('/customer/bookings/26050601?token=wrong');
    await waitFor(() => pageText().includes('予約が見つかりません。リンクをご確認ください。'));
    expect(router.state.location.pathname).toBe('/customer/bookings/26050601');
    expect(calls[0]?.url).toBe('/v1/bookings/26050601/summary?token=wrong');
  });

  it('links the fare\'s invoice while there is one', async () => {
    const url = '/v1/bookings/26050601/invoices/71?token=tok';
    fakeApi((call) => (call.url.includes('/summary') ? json(200, summary({ can_change_seat: false, invoice_url: url })) : undefined));
    open('/customer/bookings/26050601?token=tok');
    await waitFor(() => document.querySelector('[data-testid="customer-invoice-link"]'));
    const link = document.querySelector('[data-testid="customer-invoice-link"]')!;
    expect(link.getAttribute('href')).toBe(url);
    expect(link.textContent).toContain('請求書をダウンロード（PDF）');
    await changeLanguage('en');
    await waitFor(() => pageText().includes('Download the invoice (PDF)'));
  });

  it('shows no invoice while the fare has none', async () => {
    fakeApi((call) => (call.url.includes('/summary') ? json(200, summary({ can_change_seat: false })) : undefined));
    open('/customer/bookings/26050601?token=tok');
    await waitFor(() => pageText().includes('桜ヶ丘高校 2年'));
    expect(document.querySelector('[data-testid="customer-invoice-link"]')).toBeNull();
  });

  it('says the same without a token, asking nothing', async () => {
    fakeApi(() => undefined);
    open('/customer/bookings/26050601');
    await waitFor(() => pageText().includes('予約が見つかりません。リンクをご確認ください。'));
    expect(calls.filter((c) => c.url.includes('/bookings/'))).toEqual([]);
  });

  it('shows the booking, trains, seats and voucher in Japanese, and in English', async () => {
    fakeApi((call) => (call.url.includes('/summary') ? json(200, summary({ can_change_seat: false })) : undefined));
    open('/customer/bookings/26050601?token=tok');
    await waitFor(() => pageText().includes('桜ヶ丘高校 2年'));
    expect(pageText()).toContain('ご予約確定');
    expect(pageText()).toContain('26050601');
    expect(pageText()).toContain('2026年5月6日(水)');
    expect(pageText()).toContain('トロッコ1号');
    expect(pageText()).toContain('トロッコ嵯峨');
    expect(pageText()).toContain('トロッコ亀岡');
    expect(pageText()).toContain('2号車 1A、1B');
    expect(pageText()).toContain('出発の15分前までにお越しください。');
    expect(pageText()).not.toContain('座席の変更');
    const voucher = [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('バウチャーをダウンロード'));
    expect(voucher?.getAttribute('href')).toBe('/voucher/26050601/tok');

    await changeLanguage('en');
    await waitFor(() => pageText().includes('Car 2: 1A, 1B'));
    expect(pageText()).toContain('Confirmed');
    expect(pageText()).toContain('Torokko No. 1');
    expect(pageText()).toContain('Torokko Kameoka');
    expect(pageText()).toContain('Wed, May 6, 2026');
  });

  it('changes seats: drop one, take a free one, check, confirm, and retries with the same mutation id', async () => {
    let putCount = 0;
    fakeApi((call) => {
      if (call.url.includes('/summary')) return json(200, summary());
      if (call.url.includes('/seats?')) return json(200, seats());
      if (call.url === '/v1/reservations/check') return json(200, { ok: true, unavailable_seat_ids: [] });
      if (call.url.endsWith('/change-seat')) {
        putCount += 1;
        if (putCount === 1) throw new TypeError('network down');
        return json(200, summary({ trains: [{ ...summary().trains[0]!, cars: [{ car_number: 2, seats: ['1B'] }, { car_number: 3, seats: ['2C'] }] }] }));
      }
      return undefined;
    });
    open('/customer/bookings/26050601?token=tok');
    await waitFor(() => seatButton('2-1A'));
    expect(pageText()).toContain('選択 2 / 必要 2');
    expect(seatButton('3-2D')?.disabled).toBe(true);

    seatButton('2-1A')!.click();
    await waitFor(() => pageText().includes('選択 1 / 必要 2'));
    expect(enabledButton('この座席に変更する')).toBeUndefined();
    seatButton('3-2D')!.click(); // taken: nothing happens
    seatButton('3-2C')!.click();
    await waitFor(() => pageText().includes('選択 2 / 必要 2'));

    enabledButton('この座席に変更する')!.click();
    (await waitFor(() => enabledButton('変更する'))).click();
    await waitFor(() => pageText().includes('通信できませんでした'));
    const check = calls.find((c) => c.url === '/v1/reservations/check');
    expect(check?.body).toEqual({
      from_station_id: 1,
      service: { service_day: '2026-05-06', service_id: 11, seats: ['2-1B', '3-2C'], to_station_id: 4 },
      booking_id: '26050601',
      token: 'tok',
    });

    enabledButton('この座席に変更する')!.click();
    (await waitFor(() => enabledButton('変更する'))).click();
    await waitFor(() => pageText().includes('座席を変更しました'));
    const puts = calls.filter((c) => c.url.endsWith('/change-seat'));
    expect(puts).toHaveLength(2);
    expect(puts[0]!.method).toBe('PUT');
    expect(puts[0]!.body).toMatchObject({
      token: 'tok',
      service: { service_day: '2026-05-06', service_id: 11, manual: { seats: ['2-1B', '3-2C'], standings: 0, unspecified_seat: 0 } },
    });
    const ids = puts.map((p) => (p.body as { mutation_id: string }).mutation_id);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    await waitFor(() => pageText().includes('3号車 2C'));
  });

  it('reloads the map after SEAT_TAKEN and makes the next attempt a new one', async () => {
    let taken = false;
    fakeApi((call) => {
      if (call.url.includes('/summary')) return json(200, summary());
      if (call.url.includes('/seats?')) {
        const data = seats();
        const car3 = data.directions[0]!.cars[1]!;
        if (taken) car3.seats = car3.seats.map((s) => (s.seat_id === '3-2C' ? { ...s, assignable: false, taken_by: '' } : s));
        return json(200, data);
      }
      if (call.url === '/v1/reservations/check') return json(200, { ok: true, unavailable_seat_ids: [] });
      if (call.url.endsWith('/change-seat')) {
        if (taken) return json(200, summary());
        taken = true;
        return json(409, { common: { error_code: 'SEAT_TAKEN', error_description: '3-2C is held by another booking', field: 'service.manual.seats' } });
      }
      return undefined;
    });
    await openAndSwap2_1A('3-2C');
    (await waitFor(() => enabledButton('変更する'))).click();
    await waitFor(() => pageText().includes('たった今ほかのお客様に予約されました'));
    // The seat is now drawn taken and dropped from the choice.
    await waitFor(() => seatButton('3-2C')?.disabled && pageText().includes('選択 1 / 必要 2'));
    seatButton('3-2A')!.click();
    (await waitFor(() => enabledButton('この座席に変更する'))).click();
    (await waitFor(() => enabledButton('変更する'))).click();
    await waitFor(() => pageText().includes('座席を変更しました'));
    const puts = calls.filter((c) => c.url.endsWith('/change-seat')).map((c) => c.body as { mutation_id: string; service: { manual: { seats: string[] } } });
    expect(puts.map((p) => p.service.manual.seats)).toEqual([
      ['2-1B', '3-2C'],
      ['2-1B', '3-2A'],
    ]);
    expect(puts[1]!.mutation_id).not.toBe(puts[0]!.mutation_id);
  });

  it('offers no change on a train that has already run', async () => {
    vi.setSystemTime(new Date('2026-05-07T09:00:00+09:00'));
    fakeApi((call) => {
      if (call.url.includes('/summary')) return json(200, summary());
      if (call.url.includes('/seats?')) return json(200, seats());
      return undefined;
    });
    open('/customer/bookings/26050601?token=tok');
    await waitFor(() => pageText().includes('ご乗車日を過ぎたため、座席は変更できません。'));
    expect(seatButton('2-1A')).toBeNull();
  });

  it('warns when the check finds a seat taken and does not save', async () => {
    fakeApi((call) => {
      if (call.url.includes('/summary')) return json(200, summary());
      if (call.url.includes('/seats?')) return json(200, seats());
      if (call.url === '/v1/reservations/check') return json(200, { ok: false, unavailable_seat_ids: ['3-2C'] });
      return undefined;
    });
    await openAndSwap2_1A('3-2C');
    await waitFor(() => pageText().includes('次の席はすでに埋まっているため選べません：3号車 2C'));
    expect(calls.some((c) => c.url.endsWith('/change-seat'))).toBe(false);
  });
});

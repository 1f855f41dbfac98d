import { describe, expect, it } from 'vitest';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { renderRoutes, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor } from '../../../test/screen.ts';
import { Component as BookingCreate } from './booking-create.tsx';

/** What the change screen reads first of a booking the server says cannot change now. */
const booking = { booking_id: '27061002', can_update: false, main_params: { revision: 4 } } as unknown as BookingResponse;

function open(path: string) {
  const calls = stubApi((call) => {
    if (call.url === '/v1/bookings/27061002') return json(200, booking);
    // The reference lists never come: the form would wait for them behind a loader.
    return new Promise<Response>(() => undefined);
  });
  renderRoutes(
    [
      { path: '/bookings/:bookingId/update', element: <BookingCreate /> },
      { path: '/bookings/:bookingId/copy', element: <BookingCreate /> },
    ],
    path,
  );
  return calls;
}

describe('the change screen of a booking that cannot change now', { timeout: 20_000 }, () => {
  useScreenTests();

  it('says so with the way back to the booking, and shows no form', async () => {
    open('/bookings/27061002/update');
    const notice = await waitFor(() => document.querySelector('[data-testid="update-not-possible"]'));
    expect(notice.textContent).toContain('この予約は現在変更できません。予約の状態は予約詳細でご確認ください。');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/bookings/27061002');
    expect(notice.querySelector('a')?.textContent).toBe('予約詳細に戻る');
    expect(document.querySelector('form')).toBeNull();
    expect(document.querySelector('h1')?.textContent).toBe('予約 27061002 の変更');
  });

  it('is not said on the copy screen: a copy is a new request', async () => {
    const calls = open('/bookings/27061002/copy');
    await waitFor(() => calls.some((c) => c.url === '/v1/bookings/27061002'));
    await waitFor(() => document.querySelector('[role="status"]'));
    expect(pageText()).not.toContain('変更できません');
    expect(document.querySelector('[data-testid="update-not-possible"]')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { BACK_OFFICE_STAFF, fieldLabelled, renderRoutes, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, stubApi, waitFor } from '../../../test/screen.ts';
import { ChangeBookingButton, type ChangeTrain } from './change-booking-button.tsx';
import type { ReferenceLabels } from './use-reference-labels.ts';

const today = tokyoToday();
const train: ChangeTrain = { date: today, service_id: 5, direction: 'down', service_names: [{ language_id: 'ja', text: 'トロッコ5号' }], departure_hhmm: '1002' };
const refs = { label: (labels: readonly { text: string }[]) => labels[0]?.text ?? '' } as unknown as ReferenceLabels;

/** One row of the service-order search: a booking riding train 3 down on the same day. */
const row = (booking_id: string, group_name: string) => ({
  booking_id,
  group_name,
  direction: 'down',
  service_id: 3,
  service_date: today,
  service_name: [{ language_id: 'ja', text: 'トロッコ3号' }],
  departure_time: '09:02',
  participant_quantity: 20,
  agent: { agent_id: 7, name: '京都さくら旅行', name_en: '', agent_type: 'FREE' },
});

describe('changing a booking to a train: the search as one types', () => {
  useScreenTests();

  it('keeps the rows of the words before dimmed and marked busy from the first keystroke until the new ones come', async () => {
    let answer: () => void = () => undefined;
    stubApi(async (call) => {
      if (!call.url.startsWith('/v1/bookings/service_orders/search')) return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
      const byName = call.url.includes('group_name=');
      if (byName) await new Promise<void>((resolve) => (answer = resolve));
      const rows = byName ? [row('27061002', '亀岡歴史研究会')] : [row('27061001', '保津川ハイキング部'), row('27061002', '亀岡歴史研究会')];
      return json(200, { total: rows.length, total_capped: false, page: 1, per_page: 20, service_orders: rows });
    });
    renderRoutes([{ path: '/', element: <ChangeBookingButton train={train} refs={refs} /> }], '/', { user: BACK_OFFICE_STAFF });
    (await waitFor(() => enabledButton('予約をこの列車に変更'))).click();
    const rowOf = (id: string) => document.querySelector(`[data-testid="change-booking-row-${id}"]`);
    const frame = () => document.querySelector('[role="dialog"] [data-testid="list-frame"]')!;
    await waitFor(() => rowOf('27061001'));
    expect(frame().getAttribute('aria-busy')).toBe('false');

    typeInto(fieldLabelled('予約番号または団体名') as HTMLInputElement, '亀岡');
    // Before the search is even sent (the field waits 300 ms for more keys), the old rows read as old.
    await waitFor(() => frame().getAttribute('aria-busy') === 'true');
    expect(rowOf('27061001')).not.toBeNull();
    expect(frame().querySelector('[role="progressbar"]')).not.toBeNull();
    // Sent and not answered: still busy, still the old rows.
    await new Promise((r) => setTimeout(r, 500));
    expect(frame().getAttribute('aria-busy')).toBe('true');
    expect(rowOf('27061001')).not.toBeNull();
    answer();
    await waitFor(() => frame().getAttribute('aria-busy') === 'false');
    expect(rowOf('27061001')).toBeNull();
    expect(rowOf('27061002')).not.toBeNull();
  });
});

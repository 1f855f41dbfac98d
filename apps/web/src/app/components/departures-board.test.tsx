import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../lib/query-keys.ts';
import { BACK_OFFICE_STAFF, renderRoutes, useScreenTests } from '../../test/render-screen.tsx';
import { json, stubApi, waitFor } from '../../test/screen.ts';
import { DeparturesBoard } from './departures-board.tsx';

/** A day's answer with one train and one group, the group named after the day. */
const day = (date: string) => ({
  date,
  trains: [
    {
      service_id: 3,
      service_name: [{ language_id: 'ja', text: 'トロッコ3号' }],
      direction: 'down',
      departure_time: '09:02',
      adults: 20,
      children: 0,
      participants: 20,
      wheelchairs: 0,
      groups: [
        { booking_id: date.replaceAll('-', ''), group_name: `${date}の団体`, agent_name: '京都さくら旅行', agent_name_en: '', status: 'RESERVED', sub_status: 'NONE', from_station_id: 1, to_station_id: 4, adults: 20, children: 0, participants: 20, wheelchairs: 0, wheelchair_slopes: 0, can_show_seat_table: false },
      ],
    },
  ],
});

/** Hands the screen's query client to the test, as a live booking event would reach it. */
function ClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => {
    onClient(client);
  }, [client, onClient]);
  return null;
}

describe('the departures board', () => {
  useScreenTests();

  it("keeps the day before's trains dimmed and marked busy while the day moves on and the next loads", async () => {
    let today = '2026-12-01';
    let answer: () => void = () => undefined;
    let client: QueryClient | undefined;
    stubApi(async (call) => {
      if (!call.url.startsWith('/v1/dashboard/departures')) return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
      const asked = new URL(call.url, 'http://x').searchParams.get('date');
      if (asked === '2026-12-03') await new Promise<void>((resolve) => (answer = resolve));
      return json(200, day(asked ?? today));
    });
    const board = (
      <>
        <ClientProbe onClient={(c) => (client = c)} />
        <DeparturesBoard day="tomorrow" onDayChange={() => undefined} testId="board" />
      </>
    );
    renderRoutes([{ path: '/', element: board }], '/', { user: BACK_OFFICE_STAFF });
    const frame = () => document.querySelector('[data-testid="board"] [data-testid="list-frame"]')!;
    const group = (date: string) => [...document.querySelectorAll('[data-testid="board"] td')].some((td) => td.textContent?.includes(`${date}の団体`));
    await waitFor(() => group('2026-12-02'));
    expect(frame().getAttribute('aria-busy')).toBe('false');

    // Midnight: today's answer is the next day, and tomorrow is asked anew.
    today = '2026-12-02';
    await client!.invalidateQueries({ queryKey: queryRoots.bookings });
    await waitFor(() => frame().getAttribute('aria-busy') === 'true');
    expect(group('2026-12-02')).toBe(true);
    expect(frame().querySelector('[role="progressbar"]')).not.toBeNull();
    answer();
    await waitFor(() => frame().getAttribute('aria-busy') === 'false');
    expect(group('2026-12-03')).toBe(true);
    expect(group('2026-12-02')).toBe(false);
  });
});

/**
 * Demo timetable (DESIGN §2): one service term over the demo's years (demo-calendar.ts: from the
 * year of the month before last to the year after this one in Tokyo), 8 down and 8 up trains a day
 * every hour, two special trains, and a pattern calendar for every year. Set-based inserts keep
 * the first start fast.
 */
import { sql } from 'drizzle-orm';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Tx } from '../client.ts';
import * as t from '../schema.ts';
import type { DemoCalendar } from './demo-calendar.ts';
import { TRAIN_ID } from './line-and-train.ts';

const names = (n: number, special: boolean): LocalizedLabel[] => [
  { language_id: 'ja', text: special ? `臨時トロッコ${n}号` : `トロッコ${n}号` },
  { language_id: 'en', text: special ? `Torokko Extra ${n}` : `Torokko ${n}` },
];

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Minutes after departure at each stop: [station, arrival, departure].
const DOWN_STOPS: [number, number | null, number | null][] = [[1, null, 0], [2, 7, 8], [3, 21, 22], [4, 27, null]];
const UP_STOPS: [number, number | null, number | null][] = [[4, null, 0], [3, 5, 6], [2, 19, 20], [1, 27, null]];

interface DemoService { number: number; direction: 'down' | 'up'; isSpecial: boolean; start: number; order: number }

function demoServices(): DemoService[] {
  const list: DemoService[] = [];
  for (let i = 0; i < 8; i++) {
    list.push({ number: 2 * i + 1, direction: 'down', isSpecial: false, start: (9 + i) * 60 + 2, order: i + 1 });
    list.push({ number: 2 * i + 2, direction: 'up', isSpecial: false, start: (9 + i) * 60 + 30, order: i + 1 });
  }
  list.push({ number: 51, direction: 'down', isSpecial: true, start: 12 * 60 + 32, order: 51 });
  list.push({ number: 52, direction: 'up', isSpecial: true, start: 13 * 60 + 0, order: 52 });
  return list;
}

export async function insertDemoTimetable(tx: Tx, calendar: DemoCalendar): Promise<void> {
  const [term] = await tx.insert(t.serviceTerms).values(calendar.term).returning({ id: t.serviceTerms.id });
  const planned = demoServices();
  const inserted = await tx
    .insert(t.services)
    .values(planned.map((s) => ({ serviceTermId: term!.id, names: names(s.number, s.isSpecial), direction: s.direction, isSpecial: s.isSpecial, logicalTrainId: TRAIN_ID, displayOrder: s.order })))
    .returning({ id: t.services.id });
  await tx.insert(t.diagramItems).values(
    planned.flatMap((s, i) =>
      (s.direction === 'down' ? DOWN_STOPS : UP_STOPS).map(([stationId, arr, dep], k) => ({
        serviceId: inserted[i]!.id,
        stationId,
        arrivalHhmm: arr === null ? null : hhmm(s.start + arr),
        departureHhmm: dep === null ? null : hhmm(s.start + dep),
        displayOrder: k + 1,
      })),
    ),
  );
  // Jan–Feb and Dec 30–31 closed; Wednesdays closed except in the cherry-blossom (Mar 25–Apr 10)
  // and autumn-leaf (November) weeks; special trains on weekends of Apr 1–10 and Nov 14–30.
  await tx.execute(sql`
    insert into service_day_patterns (service_date, pattern)
    select d::date,
      case
        when to_char(d, 'MM-DD') < '03-01' or to_char(d, 'MM-DD') > '12-29' then 'DISABLED'
        when extract(isodow from d) in (6, 7)
          and (to_char(d, 'MM-DD') between '04-01' and '04-10' or to_char(d, 'MM-DD') between '11-14' and '11-30') then 'SPECIAL'
        when extract(isodow from d) = 3
          and not (to_char(d, 'MM-DD') between '03-25' and '04-10' or to_char(d, 'MM') = '11') then 'DISABLED'
        else 'ORDINARY'
      end
    from generate_series(${calendar.term.fromDate}::date, ${calendar.term.toDate}::date, interval '1 day') as d`);
  await tx.execute(sql`
    insert into special_day_services (service_date, service_id)
    select p.service_date, s.id
    from service_day_patterns p
    join services s on s.service_term_id = ${term!.id} and s.is_special
    where p.pattern = 'SPECIAL'`);
}

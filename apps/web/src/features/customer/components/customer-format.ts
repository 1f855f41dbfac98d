import type { BookingStatus } from '@sagano/domain/bookings/booking-state';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import { labelText } from '@sagano/domain/common/label-text';
import type { LocalizedLabel } from '@sagano/domain/common/language';

/** The booking status in the words a traveller uses (the staff statuses are not shown as such). */
export type CustomerStatus = 'confirmed' | 'cancelled' | 'notReserved' | 'waitlist' | 'inProgress';

export function customerStatus(status: BookingStatus): CustomerStatus {
  switch (status) {
    case 'RESERVED':
    case 'MODIFIED':
    case 'NOT_MODIFIED':
      return 'confirmed';
    case 'CANCELLED':
      return 'cancelled';
    case 'NOT_RESERVED':
      return 'notReserved';
    case 'WAITLIST':
      return 'waitlist';
    default:
      return 'inProgress';
  }
}

export const STATUS_COLORS: Record<CustomerStatus, string> = {
  confirmed: 'teal',
  cancelled: 'gray',
  notReserved: 'red',
  waitlist: 'orange',
  inProgress: 'blue',
};

/** The Intl locale of a page language. */
export function localeOf(language: string): string {
  return { ja: 'ja-JP', 'zh-hans': 'zh-Hans-CN', 'zh-hant': 'zh-Hant-TW', ko: 'ko-KR' }[language] ?? 'en-US';
}

/** The day a booking was cancelled, in Tokyo: 2026年5月6日 / May 6, 2026 / 2026年5月6日 / 2026. 5. 6. */
export function formatCancelledOn(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: OPERATOR_TIME_ZONE, year: 'numeric', month: language === 'en' ? 'short' : 'long', day: 'numeric' }).format(new Date(iso));
}

/** 2026年5月6日(水) / Wed, May 6, 2026 (short: without the year): a service day (yyyy-MM-dd) with its weekday, whatever the browser's zone. */
export function formatServiceDate(day: string, language: string, options: { short?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: 'UTC',
    ...(options.short ? {} : { year: 'numeric' }),
    month: language === 'en' ? 'short' : 'long',
    day: 'numeric',
    weekday: 'short',
  }).format(date);
}

/** Trains in riding order: by day, then departure time. */
export function sortTrips<T extends { service_day: string; departure_hhmm: string | null }>(trips: readonly T[]): T[] {
  const key = (t: T) => `${t.service_day} ${t.departure_hhmm ?? '99:99'}`;
  return [...trips].sort((a, b) => key(a).localeCompare(key(b)));
}

/** 往路 / 復路 by riding order; a single train is just "your train". */
export type TripKind = 'outbound' | 'return' | 'single';

export function tripKind(index: number, count: number): TripKind {
  if (count <= 1) return 'single';
  return index === 0 ? 'outbound' : 'return';
}

/** Names of the four stations, for when GET /v1/stations cannot be reached. */
const STATION_FALLBACK: Record<number, { ja: string; en: string }> = {
  1: { ja: 'トロッコ嵯峨', en: 'Torokko Saga' },
  2: { ja: 'トロッコ嵐山', en: 'Torokko Arashiyama' },
  3: { ja: 'トロッコ保津峡', en: 'Torokko Hozukyo' },
  4: { ja: 'トロッコ亀岡', en: 'Torokko Kameoka' },
};

export function stationName(
  stationId: number,
  language: string,
  stations: readonly { station_id: number; labels: readonly LocalizedLabel[] }[] | undefined,
): string {
  const fromApi = stations?.find((s) => s.station_id === stationId);
  if (fromApi && fromApi.labels.length > 0) return labelText(fromApi.labels, language);
  const fallback = STATION_FALLBACK[stationId];
  if (fallback) return language === 'ja' ? fallback.ja : fallback.en;
  return String(stationId);
}

/** Seat labels grouped by car, in car then row/letter order: [{ car: 2, seats: ['1A', '1B'] }]. */
export function groupSeatsByCar(seats: readonly { car_number: number; row: number; letter: string }[]): { car: number; seats: string[] }[] {
  const sorted = [...seats].sort((a, b) => a.car_number - b.car_number || a.row - b.row || a.letter.localeCompare(b.letter));
  const cars: { car: number; seats: string[] }[] = [];
  for (const seat of sorted) {
    const last = cars[cars.length - 1];
    const label = `${seat.row}${seat.letter}`;
    if (last && last.car === seat.car_number) last.seats.push(label);
    else cars.push({ car: seat.car_number, seats: [label] });
  }
  return cars;
}

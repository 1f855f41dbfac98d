/**
 * How our line looks in OCTO (ADR 039): a product sold over OCTO, its options (group type ×
 * direction of the whole line), units (the passenger fares of the group type), availabilities
 * (one per train departure) and bookings, typed with the standard's own types (`@octocloud/types`).
 * Pure: the service reads, these present.
 */
import type { Availability, AvailabilityCalendar, Booking, Contact, Option, Pricing, PricingUnit, Product, Supplier, Unit, UnitItem } from '@octocloud/types';
import { allotmentLevel, DEFAULT_FEW_THRESHOLD } from '@sagano/domain/inventory/allotment-level';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import { labelText, type LocalizedLabel } from '@sagano/domain/common/language';
import { OCTO_CURRENCY, OCTO_CURRENCY_PRECISION, availabilityIdOf, optionIdOf, yenOfE6 } from '@sagano/domain/octo/octo-constants';
import type { OctoContactRow, OctoUnitItemRow } from '../../db/schema.ts';
import type { DepartureRow, OctoBookingRow, OctoBookingState, OctoProductRow, OctoUnitRow } from './octo.repository.ts';

/**
 * The standard's types with their enums as the plain strings they are on the wire: `Octo<Booking>`
 * is exactly OCTO's Booking, written with string literals instead of the package's enum members.
 */
export type Octo<T> = T extends string ? `${T}` : T extends readonly (infer U)[] ? Octo<U>[] : T extends object ? { [K in keyof T]: Octo<T[K]> } : T;

export type OctoProduct = Octo<Product>;
export type OctoOption = Octo<Option>;
export type OctoUnit = Octo<Unit>;
export type OctoAvailability = Octo<Availability>;
export type OctoCalendarDay = Octo<AvailabilityCalendar>;
export type OctoBooking = Octo<Booking>;
export type OctoSupplier = Octo<Supplier>;
export type OctoPricing = Octo<Pricing>;
export type OctoAvailabilityStatus = OctoAvailability['status'];
export type OctoBookingStatus = OctoBooking['status'];

/** The capabilities this supplier answers (asked for with the Octo-Capabilities header). */
export const SUPPORTED_CAPABILITIES = ['octo/pricing', 'octo/content', 'octo/webhooks'] as const;
export type OctoCapability = (typeof SUPPORTED_CAPABILITIES)[number];

/** The line end to end in each direction: what an option sells. */
export const ROUTE = { down: { from: 1, to: 4 }, up: { from: 4, to: 1 } } as const;
export const ROUTE_LEGS = { first: 1, last: 3 } as const;

const DIRECTION_TEXT = { down: { ja: '嵯峨 → 亀岡', en: 'Saga → Kameoka' }, up: { ja: '亀岡 → 嵯峨', en: 'Kameoka → Saga' } } as const;
const GROUP_TEXT: Record<string, { ja: string; en: string }> = { NORMAL: { ja: '一般団体', en: 'Group' }, SCHOOL: { ja: '学生団体', en: 'School group' } };

/** An instant as OCTO's UTC fields write it: ISO 8601 to the second, `Z` (no milliseconds). */
export function utc(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function pricingOf(yen: number): OctoPricing {
  return { original: yen, retail: yen, net: yen, currency: OCTO_CURRENCY, currencyPrecision: OCTO_CURRENCY_PRECISION, includedTaxes: [] };
}

function unitType(u: OctoUnitRow): OctoUnit['type'] {
  if (u.annotation !== 'NORMAL') return 'OTHER';
  return u.fare_type === 'CHILD' ? 'CHILD' : 'ADULT';
}

/** Japanese railways' fare ages: a child is 6 to 11, an adult 12 and over. */
function ages(u: OctoUnitRow): { minAge: number; maxAge: number } {
  return u.fare_type === 'CHILD' ? { minAge: 6, maxAge: 11 } : { minAge: 12, maxAge: 120 };
}

export interface AnswerContext {
  capabilities: readonly OctoCapability[];
  /** Our base address: the supplier's endpoint is `${publicUrl}/octo`. */
  publicUrl: string;
  minGroupSize: number;
  /** Prices (millionths of a yen) by unit id, for the day priced; absent: no pricing plan that day. */
  prices: Map<number, number>;
}

function unitAnswer(u: OctoUnitRow, ctx: AnswerContext): OctoUnit {
  const price = ctx.prices.get(u.id);
  return {
    id: String(u.id),
    internalName: labelText(u.name_label, 'ja'),
    reference: `${u.segment}/${u.annotation}/${u.fare_type}`,
    type: unitType(u),
    restrictions: { ...ages(u), idRequired: false, minQuantity: null, maxQuantity: null, paxCount: 1, accompaniedBy: [] },
    requiredContactFields: [],
    ...(ctx.capabilities.includes('octo/pricing') ? { pricingFrom: price === undefined ? [] : [pricingOf(yenOfE6(price))] } : {}),
    ...(ctx.capabilities.includes('octo/content') ? { title: labelText(u.name_label, 'en') || labelText(u.name_label, 'ja'), shortDescription: labelText(u.name_label, 'ja') } : {}),
  };
}

export function optionAnswer(groupType: string, direction: 'down' | 'up', isDefault: boolean, units: readonly OctoUnitRow[], startTimes: readonly string[], ctx: AnswerContext): OctoOption {
  const group = GROUP_TEXT[groupType] ?? { ja: groupType, en: groupType };
  return {
    id: optionIdOf(groupType, direction),
    default: isDefault,
    internalName: `${group.ja} ${DIRECTION_TEXT[direction].ja}`,
    reference: `${groupType}/${direction}`,
    availabilityLocalStartTimes: [...startTimes],
    // A booking may be cancelled until the train leaves; the policy's fee applies (its steps in the product's description).
    cancellationCutoff: '0 hours',
    cancellationCutoffAmount: 0,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: ['firstName', 'lastName', 'emailAddress'],
    // The most a booking can take is each departure's own (its availability's maxUnits: the seats
    // left); the option has no limit of its own beyond that (null: the standard's "no limit").
    restrictions: { minUnits: ctx.minGroupSize, maxUnits: null },
    units: units.filter((u) => u.segment === groupType).map((u) => unitAnswer(u, ctx)),
    ...(ctx.capabilities.includes('octo/content')
      ? { title: `${group.en}, ${DIRECTION_TEXT[direction].en}`, shortDescription: `${group.ja} ${DIRECTION_TEXT[direction].ja}`, description: null, features: [], faqs: [], media: [], locations: [], categoryLabels: [], commentary: [] }
      : {}),
  };
}

export function productAnswer(p: OctoProductRow, options: OctoOption[], ctx: AnswerContext, policy: readonly { days_before: number; rate_e6: number }[]): OctoProduct {
  const title = labelText(p.labels as LocalizedLabel[], 'en') || p.short_name;
  const steps = policy.map((s) => `${s.days_before} days before: ${s.rate_e6 / 10_000}%`).join(', ');
  return {
    id: String(p.id),
    internalName: p.short_name,
    reference: null,
    locale: 'ja',
    timeZone: OPERATOR_TIME_ZONE,
    allowFreesale: false,
    // Not promised: the operator's rules (ADR 037) confirm at once only the bookings they match
    // (size, days ahead, allotment level); the others wait for the operator (PENDING).
    instantConfirmation: false,
    instantDelivery: false,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['QRCODE'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'PRINT',
    options,
    ...(ctx.capabilities.includes('octo/pricing') ? { defaultCurrency: OCTO_CURRENCY, availableCurrencies: [OCTO_CURRENCY], pricingPer: 'UNIT' as const } : {}),
    ...(ctx.capabilities.includes('octo/content')
      ? {
          title,
          shortDescription: p.short_name,
          description: `Group seats on the Sagano scenic railway, the whole line in one direction. A group is at least ${ctx.minGroupSize} travellers. Cancellation fee: ${steps || 'none'} of the fare.`,
          features: [],
          faqs: [],
          media: [],
          locations: [],
          categoryLabels: [],
          commentary: [],
        }
      : {}),
  };
}

/** The train-day's OCTO status: closed when it takes no holds, sold out when no group fits, limited when few seats are left. */
export function availabilityStatus(d: DepartureRow, minGroupSize: number, departed: boolean): OctoAvailabilityStatus {
  if (departed || d.day_status !== null || !d.has_inventory) return 'CLOSED';
  if (d.vacant < minGroupSize) return 'SOLD_OUT';
  return allotmentLevel(d.vacant, DEFAULT_FEW_THRESHOLD) === 'FEW' ? 'LIMITED' : 'AVAILABLE';
}

/** A departure's instant in UTC (its local time is Japan's, +09:00). */
export function departureUtc(serviceDate: string, hhmm: string): Date {
  return new Date(`${serviceDate}T${hhmm}:00+09:00`);
}

function unitPricing(units: readonly OctoUnitRow[], groupType: string, ctx: AnswerContext): Octo<PricingUnit>[] {
  return units.filter((u) => u.segment === groupType && ctx.prices.has(u.id)).map((u) => ({ ...pricingOf(yenOfE6(ctx.prices.get(u.id)!)), unitId: String(u.id) }));
}

export function availabilityAnswer(d: DepartureRow, groupType: string, units: readonly OctoUnitRow[], ctx: AnswerContext, now: Date): OctoAvailability {
  const start = departureUtc(d.service_date, d.departure_hhmm);
  const status = availabilityStatus(d, ctx.minGroupSize, start <= now);
  const vacancies = Math.max(0, d.vacant);
  const id = availabilityIdOf(d.service_date, d.departure_hhmm);
  return {
    id,
    localDateTimeStart: id,
    localDateTimeEnd: availabilityIdOf(d.service_date, d.arrival_hhmm ?? d.departure_hhmm),
    utcCutoffAt: utc(start),
    allDay: false,
    available: status === 'AVAILABLE' || status === 'LIMITED',
    status,
    vacancies,
    capacity: d.capacity,
    maxUnits: vacancies,
    openingHours: [],
    ...(ctx.capabilities.includes('octo/pricing') ? { unitPricing: unitPricing(units, groupType, ctx) } : {}),
  };
}

const STATUS_RANK: Record<OctoAvailabilityStatus, number> = { AVAILABLE: 4, FREESALE: 5, LIMITED: 3, SOLD_OUT: 2, CLOSED: 1 };

/** A day as good as its best train (DESIGN §4: one train with room is enough to book). */
export function calendarDay(date: string, trains: readonly OctoAvailability[], groupType: string, units: readonly OctoUnitRow[], ctx: AnswerContext): OctoCalendarDay {
  const best = trains.reduce<OctoAvailabilityStatus>((b, t) => (STATUS_RANK[t.status] > STATUS_RANK[b] ? t.status : b), 'CLOSED');
  const open = trains.filter((t) => t.status !== 'CLOSED');
  return {
    localDate: date,
    available: best === 'AVAILABLE' || best === 'LIMITED',
    status: best,
    vacancies: open.length === 0 ? 0 : Math.max(...open.map((t) => t.vacancies ?? 0)),
    capacity: trains.length === 0 ? 0 : Math.max(...trains.map((t) => t.capacity ?? 0)),
    openingHours: [],
    ...(ctx.capabilities.includes('octo/pricing') ? { unitPricingFrom: unitPricing(units, groupType, ctx) } : {}),
  };
}

export function supplierAnswer(info: { name: string; tel: string; address: string; business_hours: string } | undefined, ctx: AnswerContext): OctoSupplier {
  return {
    id: 'sagano',
    name: info?.name ?? 'Sagano',
    endpoint: `${ctx.publicUrl}/octo`,
    contact: { website: ctx.publicUrl, email: null, telephone: info?.tel || null, address: info?.address || null },
    ...(ctx.capabilities.includes('octo/content') ? { shortDescription: info?.business_hours ? `Group desk, ${info.business_hours}` : null, media: [] } : {}),
  };
}

/** OCTO's status of a reseller booking: the hold's own, then its booking's (answered, confirmed, refused, cancelled). */
export function bookingStatus(row: OctoBookingRow, booking: OctoBookingState | undefined): OctoBookingStatus {
  if (row.holdStatus !== 'SUBMITTED' || !booking) return row.holdStatus === 'SUBMITTED' ? 'PENDING' : row.holdStatus;
  switch (booking.status) {
    case 'SUBMITTED':
    case 'WAITLIST':
      return 'PENDING';
    case 'NOT_RESERVED':
      return 'REJECTED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      return 'CONFIRMED';
  }
}

export function contactAnswer(c: OctoContactRow | null | undefined): Octo<Contact> {
  return {
    fullName: c?.full_name ?? null,
    firstName: c?.first_name ?? null,
    lastName: c?.last_name ?? null,
    emailAddress: c?.email_address ?? null,
    phoneNumber: c?.phone_number ?? null,
    locales: c?.locales ?? [],
    postalCode: null,
    country: c?.country ?? null,
    notes: c?.notes ?? null,
  };
}

export interface BookingAnswerInput {
  row: OctoBookingRow;
  booking: OctoBookingState | undefined;
  availability: OctoAvailability | null;
  /** The booking's total (millionths of a yen): the booking's own once submitted, else the hold priced. */
  totalE6: number | null;
  /** Each unit's price (millionths of a yen) on the booking's day. */
  ctx: AnswerContext;
}

export function bookingAnswer({ row, booking, availability, totalE6, ctx }: BookingAnswerInput): OctoBooking {
  const status = bookingStatus(row, booking);
  const cancelled = status === 'CANCELLED' || status === 'EXPIRED';
  const fee = booking?.cancellation_fee_e6 ?? 0;
  const refund = !booking || fee === 0 ? 'FULL' : fee >= booking.total_amount_e6 ? 'NONE' : 'PARTIAL';
  const priced = ctx.capabilities.includes('octo/pricing');
  const unitItems: Octo<UnitItem>[] = row.unitItems.map((u: OctoUnitItemRow) => ({
    uuid: u.uuid,
    resellerReference: u.reseller_reference,
    supplierReference: null,
    unitId: String(u.unit_id),
    status,
    utcRedeemedAt: null,
    contact: contactAnswer(null),
    ticket: null,
    ...(priced ? { pricing: pricingOf(yenOfE6(ctx.prices.get(u.unit_id) ?? 0)) } : {}),
  }));
  return {
    id: row.uuid,
    uuid: row.uuid,
    testMode: false,
    resellerReference: row.resellerReference,
    supplierReference: booking?.booking_id ?? null,
    status,
    utcCreatedAt: utc(row.createdAt),
    utcUpdatedAt: utc(row.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' ? utc(row.utcExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: status === 'CONFIRMED' && row.confirmedAt ? utc(row.confirmedAt) : null,
    productId: String(row.productId),
    optionId: row.optionId,
    cancellable: status === 'ON_HOLD' || status === 'PENDING' || status === 'CONFIRMED',
    cancellation: cancelled && row.cancelledAt ? { refund, reason: row.cancellationReason, utcCancelledAt: utc(row.cancelledAt) } : null,
    freesale: false,
    availabilityId: row.availabilityId,
    availability,
    contact: contactAnswer(row.contact),
    notes: row.notes,
    deliveryMethods: ['VOUCHER'],
    // The voucher is the booking's own PDF (QR code), mailed by the operator once the seats are given: printed.
    voucher: { redemptionMethod: 'PRINT', utcRedeemedAt: null, deliveryOptions: [] },
    unitItems,
    ...(priced ? { pricing: pricingOf(yenOfE6(totalE6 ?? 0)) } : {}),
  };
}

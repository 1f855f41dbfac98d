/**
 * A change side by side with the booking (DESIGN §5): the inputs read here, the comparison made
 * by the domain's compareChange, priced exactly as writeChange will price it.
 */
import { holdsAllotments } from '@sagano/domain/bookings/booking-state';
import { personData, type UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { compareChange, type ComparedBooking } from '@sagano/domain/bookings/change-comparison';
import type { ChangeSummary } from '@sagano/domain/bookings/change-summary-schema';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { reprice } from '@sagano/domain/bookings/modification';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { stateOf, type BookingAggregate } from '../booking-core/index.ts';
import { priceWith } from './pricing-reference.ts';
import { readPricingReference } from './pricing-reference.repository.ts';
import { serviceNames } from './change-names.repository.ts';

type Group = { group_type: string; name: string; name_kana?: string; country_code: string; japan_prefecture_code?: number | null };
const plainGroup = (g: Group) => ({ group_type: g.group_type, name: g.name, name_kana: g.name_kana ?? '', country_code: g.country_code, japan_prefecture_code: g.japan_prefecture_code ?? null });
const plainConductor = (c: { name: string; phone_number: string } | null | undefined) => (c && (c.name || c.phone_number) ? { name: c.name, phone_number: c.phone_number } : null);

/** The change compared with the booking `a` as it stands now. */
export async function changeSummaryOf(executor: Executor, a: BookingAggregate, change: UpdateParamsBody): Promise<ChangeSummary> {
  const choices = (['down', 'up'] as const).flatMap((direction) => {
    const choice = direction === 'down' ? change.service_order.down_service : change.service_order.up_service;
    return choice ? [{ direction, choice }] : [];
  });
  const names = new Map<number, LocalizedLabel[]>(a.serviceNames);
  const unknown = choices.map((c) => c.choice.service_id).filter((id) => !names.has(id));
  if (unknown.length > 0) {
    for (const row of await serviceNames(executor, unknown)) {
      names.set(row.id, row.names as LocalizedLabel[]);
    }
  }
  const priceDate = choices.map((c) => c.choice.service_date).sort()[0]!;
  const reference = await readPricingReference(executor, change.group.group_type, priceDate);
  const price = priceWith(reference, change.group.group_type, priceDate, choices.length, change.participant_group.unit_quantity_items);
  const fees = new Map(reference.prices.map((p) => [p.unit_id, safeE6(p.decrement_fee_e6)]));
  const repricing = reprice(
    a.units.map((u) => ({ unit_id: u.unitId, record_largest_calculated_quantity: u.recordLargestCalculatedQuantity })),
    price,
    fees,
    choices.length,
  );
  const before: ComparedBooking = {
    legs: a.services.map((s) => ({
      direction: s.direction,
      service_date: s.serviceDate,
      service_id: s.serviceId,
      service_name: s.names,
      from_station_id: s.fromStationId,
      to_station_id: s.toStationId,
    })),
    units: a.units.map((u) => ({ unit_id: u.unitId, quantity: u.quantity })),
    wheelchairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
    participant_quantity: a.booking.participantQuantity,
    details: {
      applicant: a.booking.applicant,
      tour_conductor: plainConductor(a.booking.tourConductor as { name: string; phone_number: string } | null),
      group: plainGroup(a.booking.group as Group),
      note: a.booking.note,
    },
  };
  const after: ComparedBooking = {
    legs: choices.map(({ direction, choice }) => ({ direction, ...choice, service_name: names.get(choice.service_id) ?? [] })),
    units: change.participant_group.unit_quantity_items,
    wheelchairs: change.participant_group.wheel_chairs,
    participant_quantity: price.participant_quantity,
    details: { applicant: personData(change.applicant), tour_conductor: plainConductor(change.tour_conductor), group: plainGroup(change.group), note: change.note },
  };
  const state = stateOf(a.booking, a.services.length === 2, a.agent.ignoreCancellationPolicy);
  return compareChange({
    before: { ...before, total_amount: a.booking.totalAmountE6, holds_allotments: holdsAllotments(state), holds_standing: a.services.some((s) => s.heldStanding > 0) },
    after,
    repricing,
  });
}

/**
 * The pending change's summary for the booking's answer; null when it can no longer be priced
 * (its pricing plan was removed since): accepting it would be refused the same way.
 */
export async function pendingSummary(executor: Executor, a: BookingAggregate, change: UpdateParamsBody): Promise<ChangeSummary | null> {
  try {
    return await changeSummaryOf(executor, a, change);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * What the seat sheet and the voucher print (DESIGN §5, seats, seat tables and vouchers): the
 * booking's trains, stations in ja and en, its seats by car, and the operator's name.
 */
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { labelText } from '@sagano/domain/common/language';
import type { Executor } from '../../db/client.ts';
import { type BookingAggregate, customerUrl } from '../booking-core/index.ts';
import { type DocumentTrain, type SeatSheet, type Voucher, renderVoucherPdf, secondLanguageOf, hasCjkFont } from '../documents/index.ts';
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';
import { readOperatorBasicInfo } from '../master-data/index.ts';
import { bookingSeatList, readStations, readUnitNames } from './seats.repository.ts';

const seatLabel = (s: { row: number; letter: string }) => `${s.row}${s.letter}`;

/** The label in `language`, else the English one (a second language repeating the Japanese says nothing), else the Japanese. */
function labelIn(labels: readonly LocalizedLabel[], language: string): string {
  return labels.find((l) => l.language_id === language)?.text || labelText(labels, 'en');
}

/** What the seat sheet and the voucher print; the `_en` names in `second` (the voucher's second language, English by default). */
export async function seatSheetOf(executor: Executor, aggregate: BookingAggregate, second: CustomerLanguage = 'en'): Promise<SeatSheet> {
  const [list, stations] = await Promise.all([
    bookingSeatList(executor, aggregate.booking.bookingId),
    readStations(executor),
  ]);
  const station = (id: number, lang: string) => labelIn((stations.find((x) => x.stationId === id)?.labels as LocalizedLabel[] | undefined) ?? [], lang) || String(id);
  const trains: DocumentTrain[] = aggregate.services.map((s) => ({
    direction: s.direction,
    service_date: s.serviceDate,
    train_name_ja: labelText(s.names, 'ja'),
    train_name_en: labelIn(s.names, second),
    from_station_ja: station(s.fromStationId, 'ja'),
    from_station_en: station(s.fromStationId, second),
    to_station_ja: station(s.toStationId, 'ja'),
    to_station_en: station(s.toStationId, second),
    departure_hhmm: s.departureHhmm ?? '',
    arrival_hhmm: s.arrivalHhmm ?? '',
    seats: list
      .filter((x) => x.service_date === s.serviceDate && x.service_id === s.serviceId)
      .map((x) => ({ car_number: x.car_number, seat_label: seatLabel(x), is_wheelchair: x.is_wheelchair, need_slope: x.need_slope })),
    standing: s.heldStanding,
  }));
  return {
    booking_id: aggregate.booking.bookingId,
    group_name: aggregate.booking.groupName,
    agent_name: aggregate.agent.nameJa,
    applicant_name: (aggregate.booking.applicant as { name: string }).name,
    participants: aggregate.booking.participantQuantity,
    wheelchairs: aggregate.wheelchairs.length,
    issued_at: new Date().toISOString(),
    trains,
    operator_name: (await readOperatorBasicInfo(executor)).name,
  };
}

/** What the voucher prints, as data (the PDF is renderVoucherPdf's), with the code of its second language. */
export interface VoucherContent {
  voucher: Omit<Voucher, 'second'>;
  second_language: CustomerLanguage;
}

/**
 * What the voucher prints: the seat sheet's data with the customer link (its QR code), the count
 * per unit and the operator's phone and address; in Japanese and English, or in Japanese and the
 * group's page language when it asks for one (Korean, Chinese), which needs Noto Sans CJK on the
 * machine (else Japanese and English).
 */
export async function voucherOf(executor: Executor, aggregate: BookingAggregate, publicUrl: string, language: CustomerLanguage = 'ja'): Promise<VoucherContent> {
  const wanted = language === 'ja' ? 'en' : language;
  const second = secondLanguageOf(wanted).face && !hasCjkFont() ? 'en' : wanted;
  const [sheet, operator] = await Promise.all([seatSheetOf(executor, aggregate, second), readOperatorBasicInfo(executor)]);
  const unitRows = await readUnitNames(executor);
  const name = (id: number, lang: string) => labelIn((unitRows.find((u) => u.id === id)?.name as LocalizedLabel[] | undefined) ?? [], lang);
  return {
    voucher: {
      ...sheet,
      customer_url: customerUrl(publicUrl, aggregate.booking.bookingId, aggregate.booking.bookingToken),
      voucher_note: aggregate.booking.voucherNote,
      participant_lines: aggregate.units.filter((u) => u.quantity > 0).map((u) => ({ label_ja: name(u.unitId, 'ja'), label_en: name(u.unitId, second), quantity: u.quantity })),
      operator_tel: operator.tel,
      operator_postal_code: operator.postal_code,
      operator_address: operator.address,
    },
    second_language: second,
  };
}

/** The voucher PDF of what voucherOf read. */
export function renderVoucher(content: VoucherContent): Promise<Buffer> {
  return renderVoucherPdf({ ...content.voucher, second: secondLanguageOf(content.second_language) });
}

/** The voucher PDF as the booking stands (voucherOf, renderVoucher). */
export async function voucherPdfOf(executor: Executor, aggregate: BookingAggregate, publicUrl: string, language: CustomerLanguage = 'ja'): Promise<Buffer> {
  return renderVoucher(await voucherOf(executor, aggregate, publicUrl, language));
}

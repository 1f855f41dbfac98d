/**
 * 座席表 / Seat table: the booked seats of a group, per train and car, for the group's organiser
 * and the station staff. A pure renderer: data in, PDF bytes out. The train block and summary
 * rows are shared with the voucher.
 */
import {
  COLOR,
  FONT_SIZE,
  createDocument,
  drawHeader,
  drawKeyValueRows,
  drawPageFooters,
  drawParagraph,
  drawSectionBand,
  ensureSpace,
  formatServiceDate,
  formatTokyoDateTime,
  measureParagraphs,
  moveDown,
  type KeyValue,
  type Paragraph,
} from './documents-layout.ts';
import { ENGLISH, type SecondLanguage } from './document-languages.ts';
import { pdfToBuffer } from './pdf-fonts.ts';

type Doc = PDFKit.PDFDocument;

export interface DocumentSeat {
  car_number: number;
  seat_label: string;
  is_wheelchair: boolean;
  need_slope?: boolean;
}

export interface DocumentTrain {
  /** down = Saga → Kameoka, up = Kameoka → Saga */
  direction: 'down' | 'up';
  service_date: string;
  train_name_ja: string;
  /** The second language's names (English, or the voucher's language: document-languages.ts). */
  train_name_en: string;
  from_station_ja: string;
  from_station_en: string;
  to_station_ja: string;
  to_station_en: string;
  departure_hhmm: string;
  arrival_hhmm: string;
  /** car_number 1..5; car 5 is the open car ザ・リッチ号 */
  seats: DocumentSeat[];
  standing: number;
}

export interface SeatSheet {
  booking_id: string;
  group_name: string;
  agent_name: string;
  applicant_name: string;
  participants: number;
  wheelchairs: number;
  /** ISO timestamp, printed in Asia/Tokyo */
  issued_at: string;
  /** one, or two for a round trip */
  trains: DocumentTrain[];
  operator_name: string;
}

const RICH_CAR_NUMBER = 5;
const SEAT_INDENT = 14;
const seatOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export interface CarSeats {
  car_number: number;
  seats: DocumentSeat[];
}

/** Seats grouped by car (ascending), each car's seats in natural order: 2A, 2B, 10A. */
export function seatsByCar(seats: DocumentSeat[]): CarSeats[] {
  const cars = new Map<number, DocumentSeat[]>();
  for (const seat of seats) {
    const carSeats = cars.get(seat.car_number);
    if (carSeats) carSeats.push(seat);
    else cars.set(seat.car_number, [seat]);
  }
  return [...cars.entries()]
    .sort(([a], [b]) => a - b)
    .map(([car_number, carSeats]) => ({
      car_number,
      seats: carSeats.sort((a, b) => seatOrder.compare(a.seat_label, b.seat_label)),
    }));
}

function directionLabel(direction: DocumentTrain['direction'], second: SecondLanguage): string {
  return direction === 'down' ? `往路 / ${second.outbound}` : `復路 / ${second.return}`;
}

function carLabel(carNumber: number, second: SecondLanguage): string {
  return carNumber === RICH_CAR_NUMBER
    ? `${carNumber}号車 ザ・リッチ号 / ${second.richCar(carNumber)}`
    : `${carNumber}号車 / ${second.car(carNumber)}`;
}

function wheelchairLine(seats: DocumentSeat[], second: SecondLanguage): string | undefined {
  const places = seats
    .filter((seat) => seat.is_wheelchair)
    .map((seat) => (seat.need_slope ? `${seat.seat_label}（スロープ要 / ${second.slopeNeeded}）` : seat.seat_label));
  return places.length > 0 ? `車椅子 / ${second.wheelchair}: ${places.join(', ')}` : undefined;
}

/** A car's heading, its seat labels and its wheelchair places. */
function carParagraphs(car: CarSeats, fontSize: number, second: SecondLanguage): Paragraph[] {
  const count = car.seats.length;
  const wheelchairs = wheelchairLine(car.seats, second);
  return [
    { text: `${carLabel(car.car_number, second)}（${count}席 / ${second.seats(count)}）`, fontSize, gapAfter: 1 },
    {
      text: car.seats.map((seat) => seat.seat_label).join(' '),
      fontSize,
      indent: SEAT_INDENT,
      wordSpacing: fontSize / 3,
    },
    ...(wheelchairs ? [{ text: wheelchairs, fontSize, indent: SEAT_INDENT }] : []),
  ];
}

/**
 * A train: direction and date band, train name, route with times, then the seats per car. A car
 * is kept on one page; when it moves to a new page, the band is repeated there.
 */
export function drawTrainBlock(doc: Doc, train: DocumentTrain, fontSize: number = FONT_SIZE.body, second: SecondLanguage = ENGLISH): void {
  const heading = `${directionLabel(train.direction, second)}　${formatServiceDate(train.service_date, second.weekdays)}`;
  drawSectionBand(doc, heading);
  drawParagraph(doc, { text: `${train.train_name_ja} / ${train.train_name_en}`, fontSize: FONT_SIZE.heading, gapAfter: 1 });
  drawParagraph(doc, {
    text:
      `${train.departure_hhmm} ${train.from_station_ja} / ${train.from_station_en}` +
      ` → ${train.arrival_hhmm} ${train.to_station_ja} / ${train.to_station_en}`,
    color: COLOR.muted,
    gapAfter: 6,
  });
  for (const car of seatsByCar(train.seats)) {
    const paragraphs = carParagraphs(car, fontSize, second);
    if (ensureSpace(doc, measureParagraphs(doc, paragraphs))) {
      drawSectionBand(doc, `${heading}（続き / ${second.continued}）`);
    }
    paragraphs.forEach((paragraph) => drawParagraph(doc, paragraph));
  }
  if (train.standing > 0) {
    drawParagraph(doc, { text: `立席 / ${second.standing}: ${train.standing}`, fontSize });
  }
  moveDown(doc, 10);
}

function participantsText(sheet: SeatSheet): string {
  const wheelchairs = sheet.wheelchairs > 0 ? `（うち車椅子 ${sheet.wheelchairs} / incl. ${sheet.wheelchairs} wheelchair）` : '';
  return `${sheet.participants}名 / ${sheet.participants} people${wheelchairs}`;
}

/** Group and agent: the rows both documents start with. */
export function groupRows(sheet: SeatSheet, second: SecondLanguage = ENGLISH): KeyValue[] {
  return [
    { label: `団体名 / ${second.group}`, value: sheet.group_name },
    { label: `旅行会社 / ${second.agent}`, value: sheet.agent_name },
  ];
}

export function issuedRow(sheet: SeatSheet, second: SecondLanguage = ENGLISH): KeyValue {
  return { label: `発行日時 / ${second.issued}`, value: formatTokyoDateTime(sheet.issued_at) };
}

export async function renderSeatSheetPdf(sheet: SeatSheet): Promise<Buffer> {
  const doc = createDocument({ title: `座席表 / Seat table ${sheet.booking_id}`, author: sheet.operator_name });
  drawHeader(doc, { operator: sheet.operator_name, title: '座席表 / Seat table' });
  drawKeyValueRows(doc, [
    { label: '予約番号 / Booking No.', value: sheet.booking_id },
    ...groupRows(sheet),
    { label: '申込者 / Applicant', value: sheet.applicant_name },
    { label: '人数 / Participants', value: participantsText(sheet) },
    issuedRow(sheet),
  ]);
  moveDown(doc, 10);
  for (const train of sheet.trains) {
    drawTrainBlock(doc, train);
  }
  drawPageFooters(doc, (page, pageCount) => [
    `座席表 / Seat table — 予約番号 / Booking No. ${sheet.booking_id} — ${page} / ${pageCount}`,
  ]);
  return pdfToBuffer(doc);
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSeatSheetPdf, seatsByCar, type DocumentSeat, type DocumentTrain, type SeatSheet } from './seat-sheet-pdf.ts';
import { renderVoucherPdf, type Voucher } from './voucher-pdf.ts';

const run = promisify(execFile);

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sagano-documents-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function savePdf(name: string, pdf: Buffer): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** The PDF's text with runs of blanks collapsed, so phrases can be matched whatever the layout. */
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[ \t]+/g, ' ');
}

async function pdfInfo(file: string): Promise<string> {
  return (await run('pdfinfo', [file])).stdout;
}

function pageCount(info: string): number {
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

/** How often each word occurs in the text. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.split(/\s+/).filter(Boolean)) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** Every seat label must appear as a word at least as often as the trains list it. */
function expectAllSeatLabels(text: string, trains: DocumentTrain[]) {
  const expected = wordCounts(trains.flatMap((train) => train.seats.map((seat) => seat.seat_label)).join(' '));
  const actual = wordCounts(text);
  for (const [label, count] of expected) {
    expect(actual.get(label) ?? 0, `seat ${label}`).toBeGreaterThanOrEqual(count);
  }
}

function seatRows(car: number, rows: number, options: Partial<DocumentSeat> = {}): DocumentSeat[] {
  return Array.from({ length: rows }, (_, row) =>
    ['A', 'B', 'C', 'D'].map((letter) => ({ car_number: car, seat_label: `${row + 1}${letter}`, is_wheelchair: false, ...options })),
  ).flat();
}

/** 60 seats: car 1 rows 1–8, car 2 rows 1–7; 2号車 7A needs a slope, 7B is a plain wheelchair place. */
function groupSeats(): DocumentSeat[] {
  return [...seatRows(1, 8), ...seatRows(2, 7)].map((seat) =>
    seat.car_number === 2 && seat.seat_label === '7A'
      ? { ...seat, is_wheelchair: true, need_slope: true }
      : seat.car_number === 2 && seat.seat_label === '7B'
        ? { ...seat, is_wheelchair: true }
        : seat,
  );
}

function downTrain(seats: DocumentSeat[], standing = 0): DocumentTrain {
  return {
    direction: 'down',
    service_date: '2026-12-05',
    train_name_ja: 'トロッコ列車 5号',
    train_name_en: 'Torokko train No. 5',
    from_station_ja: 'トロッコ嵯峨',
    from_station_en: 'Torokko Saga',
    to_station_ja: 'トロッコ亀岡',
    to_station_en: 'Torokko Kameoka',
    departure_hhmm: '10:02',
    arrival_hhmm: '10:27',
    seats,
    standing,
  };
}

function upTrain(seats: DocumentSeat[], standing = 0): DocumentTrain {
  return {
    direction: 'up',
    service_date: '2026-12-06',
    train_name_ja: 'トロッコ列車 12号',
    train_name_en: 'Torokko train No. 12',
    from_station_ja: 'トロッコ亀岡',
    from_station_en: 'Torokko Kameoka',
    to_station_ja: 'トロッコ嵯峨',
    to_station_en: 'Torokko Saga',
    departure_hhmm: '14:40',
    arrival_hhmm: '15:05',
    seats,
    standing,
  };
}

function seatSheet(trains: DocumentTrain[]): SeatSheet {
  return {
    booking_id: '26120501',
    group_name: '京都市立嵯峨小学校 6年',
    agent_name: '洛西トラベル株式会社',
    applicant_name: '山田 花子',
    participants: 60,
    wheelchairs: 2,
    issued_at: '2026-11-20T01:30:00Z',
    trains,
    operator_name: 'Sagano Scenic Railway',
  };
}

const CUSTOMER_URL = 'http://localhost:5173/customer/bookings/26120501?token=q8Zk3-Vt_0aXbR5mN2pLw7YcHs9JdFe4';

function voucher(overrides: Partial<Voucher> = {}): Voucher {
  return {
    ...seatSheet([downTrain(groupSeats()), upTrain(groupSeats())]),
    customer_url: CUSTOMER_URL,
    voucher_note: '発車20分前までに改札前へお集まりください。\nPlease gather at the ticket gate 20 minutes before departure.',
    participant_lines: [
      { label_ja: '大人', label_en: 'Adult', quantity: 4 },
      { label_ja: '小人', label_en: 'Child', quantity: 56 },
    ],
    operator_tel: '075-861-7444',
    operator_postal_code: '616-8373',
    operator_address: '京都市右京区嵯峨天龍寺車道町',
    ...overrides,
  };
}

describe('seatsByCar', () => {
  it('groups by car and sorts seats by row number, then letter', () => {
    const seat = (car_number: number, seat_label: string) => ({ car_number, seat_label, is_wheelchair: false });
    const cars = seatsByCar([seat(3, '10A'), seat(1, '2B'), seat(3, '2A'), seat(1, '1B'), seat(3, '9D'), seat(1, '2A')]);
    expect(cars.map((car) => [car.car_number, car.seats.map((s) => s.seat_label)])).toEqual([
      [1, ['1B', '2A', '2B']],
      [3, ['2A', '9D', '10A']],
    ]);
  });
});

describe('renderSeatSheetPdf', () => {
  const trains = [downTrain(groupSeats()), upTrain(groupSeats(), 2)];
  let file: string;
  let text: string;

  beforeAll(async () => {
    file = await savePdf('seat-sheet', await renderSeatSheetPdf(seatSheet(trains)));
    text = await pdfText(file);
  });

  it('prints the header and booking details', () => {
    for (const expected of [
      'Sagano Scenic Railway',
      '座席表 / Seat table',
      '26120501',
      '京都市立嵯峨小学校 6年',
      '洛西トラベル株式会社',
      '山田 花子',
      '60名',
      '2026-11-20 10:30', // issued_at in Asia/Tokyo
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints both trains with direction, date, name and route', () => {
    for (const expected of [
      '往路 / Outbound',
      '2026-12-05（土 / Sat）',
      'トロッコ列車 5号 / Torokko train No. 5',
      '10:02 トロッコ嵯峨 / Torokko Saga → 10:27 トロッコ亀岡 / Torokko Kameoka',
      '復路 / Return',
      '2026-12-06（日 / Sun）',
      'トロッコ列車 12号 / Torokko train No. 12',
      '立席 / Standing: 2',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('往路')).toBeLessThan(text.indexOf('復路'));
  });

  it('prints the seats per car with the wheelchair places', () => {
    expect(text).toContain('1号車 / Car 1');
    expect(text).toContain('2号車 / Car 2');
    expect(text).toContain('車椅子 / Wheelchair: 7A（スロープ要 / Slope needed）, 7B');
    expectAllSeatLabels(text, trains);
    expect(text).toMatch(/1A 1B 1C 1D 2A/);
  });

  it('embeds the Japanese font and no other', async () => {
    const { stdout } = await run('pdffonts', [file]);
    expect(stdout).toContain('NotoSansJP');
    expect(stdout.trim().split('\n')).toHaveLength(3); // two header lines and one font
  });

  it('sets the title and author', async () => {
    const info = await pdfInfo(file);
    expect(info).toMatch(/^Title:\s+座席表 \/ Seat table 26120501$/m);
    expect(info).toMatch(/^Author:\s+Sagano Scenic Railway$/m);
    expect(info).toContain('A4');
  });

  it('breaks a full train over pages and keeps every seat', async () => {
    const fullTrainSeats = () => [1, 2, 3, 4, 5].flatMap((car) => seatRows(car, 16)); // 320 seats
    const fullTrains = [downTrain(fullTrainSeats()), upTrain(fullTrainSeats())];
    const big = await savePdf('seat-sheet-full', await renderSeatSheetPdf(seatSheet(fullTrains)));
    const bigText = await pdfText(big);
    expect(pageCount(await pdfInfo(big))).toBeGreaterThan(1);
    expectAllSeatLabels(bigText, fullTrains);
    expect(bigText).toContain('5号車 ザ・リッチ号 / Car 5');
    expect(bigText).toContain('（続き / continued）');
    expect(bigText).toContain('2 / 2');
  });
});

describe('renderVoucherPdf', () => {
  const data = voucher();
  let file: string;
  let text: string;

  beforeAll(async () => {
    file = await savePdf('voucher', await renderVoucherPdf(data));
    text = await pdfText(file);
  });

  it('prints the voucher, booking and trains', () => {
    for (const expected of [
      '乗車証明書（バウチャー） / Voucher',
      '26120501',
      '京都市立嵯峨小学校 6年',
      '洛西トラベル株式会社',
      '2026-12-05（土 / Sat）',
      '2026-12-06（日 / Sun）',
      '往路 / Outbound',
      '復路 / Return',
      '2号車 / Car 2',
      '車椅子 / Wheelchair: 7A（スロープ要 / Slope needed）, 7B',
    ]) {
      expect(text).toContain(expected);
    }
    expectAllSeatLabels(text, data.trains);
  });

  it('prints the participants, the note, the QR caption and the staff notice', () => {
    expect(text).toMatch(/大人 \/ Adult 4名/);
    expect(text).toMatch(/小人 \/ Child 56名/);
    expect(text).toMatch(/合計 \/ Total 60名/);
    for (const expected of [
      'ご案内 / Notes',
      '発車20分前までに改札前へお集まりください。',
      'Please gather at the ticket gate 20 minutes before departure.',
      'このQRコードから予約内容をご確認いただけます',
      'Scan to view your booking',
      '当日はこのバウチャーを駅係員にご提示ください。 / Please show this voucher to the station staff on the day.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves out the notes section when there is no note', async () => {
    const bare = await pdfText(await savePdf('voucher-no-note', await renderVoucherPdf(voucher({ voucher_note: ' ' }))));
    expect(bare).toContain('乗車証明書');
    expect(bare).not.toContain('ご案内');
  });

  it('has a QR code that decodes to the customer URL', async () => {
    const prefix = join(dir, 'voucher-page1');
    await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    const png = PNG.sync.read(await readFile(`${prefix}.png`));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(CUSTOMER_URL);
  });

  it('embeds the Japanese font and sets the metadata', async () => {
    expect((await run('pdffonts', [file])).stdout).toContain('NotoSansJP');
    const info = await pdfInfo(file);
    expect(info).toMatch(/^Title:\s+乗車証明書 \/ Voucher 26120501$/m);
    expect(info).toMatch(/^Author:\s+Sagano Scenic Railway$/m);
  });
});

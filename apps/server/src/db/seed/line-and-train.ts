/** The Sagano line and its train as master data (DESIGN §2, §3; spec 001 §9.2, §9.4). */
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Direction, SeatType } from '@sagano/domain/reference/reference-schemas';
import { e6OfYen } from '@sagano/domain/money/yen-e6';

const L = (ja: string, en: string, ko: string, zhHans: string, zhHant: string): LocalizedLabel[] => [
  { language_id: 'ja', text: ja },
  { language_id: 'en', text: en },
  { language_id: 'ko', text: ko },
  { language_id: 'zh-hans', text: zhHans },
  { language_id: 'zh-hant', text: zhHant },
];

export const STATIONS = [
  { stationId: 1, displayOrder: 1, labels: L('トロッコ嵯峨', 'Torokko Saga', '토롯코 사가', '嵯峨小火车站', '嵯峨小火車站') },
  { stationId: 2, displayOrder: 2, labels: L('トロッコ嵐山', 'Torokko Arashiyama', '토롯코 아라시야마', '岚山小火车站', '嵐山小火車站') },
  { stationId: 3, displayOrder: 3, labels: L('トロッコ保津峡', 'Torokko Hozukyo', '토롯코 호즈쿄', '保津峡小火车站', '保津峽小火車站') },
  { stationId: 4, displayOrder: 4, labels: L('トロッコ亀岡', 'Torokko Kameoka', '토롯코 가메오카', '龟冈小火车站', '龜岡小火車站') },
];

export const DIRECTIONS: { directionId: Direction; labels: LocalizedLabel[]; stationOrder: number[] }[] = [
  { directionId: 'down', labels: L('下り（嵯峨→亀岡）', 'Down (Saga → Kameoka)', '하행 (사가→가메오카)', '下行（嵯峨→龟冈）', '下行（嵯峨→龜岡）'), stationOrder: [1, 2, 3, 4] },
  { directionId: 'up', labels: L('上り（亀岡→嵯峨）', 'Up (Kameoka → Saga)', '상행 (가메오카→사가)', '上行（龟冈→嵯峨）', '上行（龜岡→嵯峨）'), stationOrder: [4, 3, 2, 1] },
];

export const TRAIN_ID = 1;
export const TRAIN_NAME = L('嵯峨野トロッコ列車', 'Sagano Romantic Train', '사가노 토롯코 열차', '嵯峨野小火车', '嵯峨野小火車');

const LETTERS = ['A', 'B', 'C', 'D'] as const;

export interface SeatSeed {
  seatId: string;
  logicalCarId: number;
  seatGroupId: string;
  row: number;
  letter: string;
  isWheelchair: boolean;
  labels: LocalizedLabel[];
}

/**
 * Cars 1-4 have 16 rows of four (64 seats), car 5 ("The Rich") 10 rows (40 seats). Two facing
 * rows on one side of the aisle form a box of four: rows 1-2 A/B is box 1-01AB, rows 1-2 C/D is
 * 1-01CD. The first box of car 3 is the wheelchair space.
 */
export function buildSeats(): { cars: { logicalCarId: number; rows: number; isRich: boolean; standing: number }[]; seats: SeatSeed[] } {
  const cars = [1, 2, 3, 4, 5].map((n) => ({ logicalCarId: n, rows: n === 5 ? 10 : 16, isRich: n === 5, standing: n === 5 ? 20 : 0 }));
  const seats: SeatSeed[] = [];
  for (const car of cars) {
    for (let row = 1; row <= car.rows; row++) {
      const pair = Math.ceil(row / 2);
      for (const letter of LETTERS) {
        const side = letter === 'A' || letter === 'B' ? 'AB' : 'CD';
        const seatId = `${car.logicalCarId}-${row}${letter}`;
        seats.push({
          seatId,
          logicalCarId: car.logicalCarId,
          seatGroupId: `${car.logicalCarId}-${String(pair).padStart(2, '0')}${side}`,
          row,
          letter,
          isWheelchair: car.logicalCarId === 3 && pair === 1 && side === 'AB',
          labels: [
            { language_id: 'ja', text: `${car.logicalCarId}号車 ${row}${letter}` },
            { language_id: 'en', text: `Car ${car.logicalCarId} ${row}${letter}` },
          ],
        });
      }
    }
  }
  return { cars, seats };
}

export const CAR_NAMES = (n: number): LocalizedLabel[] =>
  n === 5
    ? L('5号車 ザ・リッチ号', 'Car 5 The Rich', '5호차 더 리치', '5号车 The Rich', '5號車 The Rich')
    : L(`${n}号車`, `Car ${n}`, `${n}호차`, `${n}号车`, `${n}號車`);

export const ARRANGEMENT_TYPES: { arrangementTypeId: number; displayOrder: number; colorHex: string; seatType: SeatType; isGroupAllotment?: boolean; name: LocalizedLabel[] }[] = [
  { arrangementTypeId: 1, displayOrder: 1, colorHex: '#2f9e44', seatType: 'NORMAL', isGroupAllotment: true, name: L('団体', 'Group', '단체', '团体', '團體') },
  { arrangementTypeId: 2, displayOrder: 2, colorHex: '#1c7ed6', seatType: 'NORMAL', name: L('個人', 'Individual', '개인', '个人', '個人') },
  { arrangementTypeId: 3, displayOrder: 3, colorHex: '#f08c00', seatType: 'NORMAL', name: L('代理店契約', 'Agent contract', '대리점 계약', '代理店合约', '代理店合約') },
  { arrangementTypeId: 4, displayOrder: 4, colorHex: '#7048e8', seatType: 'WHEELCHAIR', name: L('車いす', 'Wheelchair', '휠체어', '轮椅', '輪椅') },
  { arrangementTypeId: 5, displayOrder: 5, colorHex: '#868e96', seatType: 'STANDING', name: L('立席', 'Standing', '입석', '站席', '站席') },
  { arrangementTypeId: 6, displayOrder: 6, colorHex: '#495057', seatType: 'CLOSED', name: L('閉鎖', 'Closed', '폐쇄', '关闭', '關閉') },
];

const ANNOTATION_NAMES: Record<string, [string, string]> = {
  NORMAL: ['一般', 'General'],
  HANDICAPPED_1: ['障がい者（第1種）', 'Disability (class 1)'],
  HANDICAPPED_2: ['障がい者（第2種）', 'Disability (class 2)'],
  SUPPORTER: ['介護者', 'Caregiver'],
  FREE: ['無料', 'Free'],
};
const FARE_NAMES: Record<string, [string, string]> = { ADULT: ['大人', 'Adult'], CHILD: ['小人', 'Child'] };
const SEGMENT_NAMES: Record<string, [string, string]> = { NORMAL: ['一般団体', 'Group'], SCHOOL: ['学生団体', 'School group'] };

/** Units: segment × annotation × fare type. FREE units are calculated from the free count plan. */
export function buildUnits() {
  const rows = [];
  let id = 1;
  for (const segment of ['NORMAL', 'SCHOOL'] as const) {
    for (const annotation of ['NORMAL', 'HANDICAPPED_1', 'HANDICAPPED_2', 'SUPPORTER', 'FREE'] as const) {
      for (const fareType of ['ADULT', 'CHILD'] as const) {
        const [sj, se] = SEGMENT_NAMES[segment]!;
        const [aj, ae] = ANNOTATION_NAMES[annotation]!;
        const [fj, fe] = FARE_NAMES[fareType]!;
        rows.push({
          id,
          displayOrder: id * 10,
          nameLabel: [
            { language_id: 'ja' as const, text: `${sj} ${aj} ${fj}` },
            { language_id: 'en' as const, text: `${se} ${ae} ${fe}` },
          ],
          segment,
          annotation,
          fareType,
          countInclusive: true,
          autoCalculated: annotation === 'FREE',
        });
        id++;
      }
    }
  }
  return rows;
}

/** Spec 001 §9.4, in yen: [adult, child, decrement fee]. FREE units carry no price. */
export const PRICE_TABLE: Record<string, Record<string, [number, number, number]>> = {
  NORMAL: {
    NORMAL: [800, 400, 220],
    HANDICAPPED_1: [440, 220, 220],
    HANDICAPPED_2: [440, 220, 220],
    SUPPORTER: [440, 220, 220],
  },
  SCHOOL: {
    NORMAL: [710, 360, 0],
    HANDICAPPED_1: [440, 220, 0],
    HANDICAPPED_2: [440, 220, 0],
    SUPPORTER: [440, 220, 0],
  },
};

export function priceOf(segment: string, annotation: string, fareType: string): { priceE6: number; decrementFeeE6: number } | undefined {
  const row = PRICE_TABLE[segment]?.[annotation];
  if (!row) return undefined;
  return { priceE6: e6OfYen(fareType === 'ADULT' ? row[0] : row[1]), decrementFeeE6: e6OfYen(row[2]) };
}

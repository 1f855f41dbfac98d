/**
 * The second language of the seat sheet and the voucher. Both always speak Japanese first (the
 * station staff read it); the second language is English, or on the group's own voucher the
 * language of its page: Korean, simplified or traditional Chinese.
 */
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';

export interface SecondLanguage {
  /** The Noto Sans CJK face the document is set in, or undefined for Noto Sans JP (ja/en). */
  face?: 'ko' | 'zh-hans' | 'zh-hant';
  title: string;
  bookingNo: string;
  group: string;
  agent: string;
  date: string;
  issued: string;
  outbound: string;
  return: string;
  car: (n: number) => string;
  richCar: (n: number) => string;
  seats: (n: number) => string;
  wheelchair: string;
  slopeNeeded: string;
  standing: string;
  continued: string;
  participants: string;
  total: string;
  wheelchairs: string;
  people: (n: number) => string;
  notes: string;
  qrCaption: string;
  staffNotice: string;
  contact: string;
  tel: string;
  address: string;
  weekdays: readonly string[];
}

const EN: SecondLanguage = {
  title: 'Voucher',
  bookingNo: 'Booking No.',
  group: 'Group',
  agent: 'Agent',
  date: 'Date',
  issued: 'Issued',
  outbound: 'Outbound',
  return: 'Return',
  car: (n) => `Car ${n}`,
  richCar: (n) => `Car ${n} (The Rich)`,
  seats: (n) => `${n} seats`,
  wheelchair: 'Wheelchair',
  slopeNeeded: 'Slope needed',
  standing: 'Standing',
  continued: 'continued',
  participants: 'Participants',
  total: 'Total',
  wheelchairs: 'Wheelchairs',
  people: (n) => `${n}名`,
  notes: 'Notes',
  qrCaption: 'Scan to view your booking',
  staffNotice: 'Please show this voucher to the station staff on the day.',
  contact: 'Contact',
  tel: 'Tel',
  address: 'Address',
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

const KO: SecondLanguage = {
  face: 'ko',
  title: '승차 증명서(바우처)',
  bookingNo: '예약 번호',
  group: '단체명',
  agent: '여행사',
  date: '승차일',
  issued: '발행 일시',
  outbound: '가는 편',
  return: '오는 편',
  car: (n) => `${n}호차`,
  richCar: (n) => `${n}호차 (더 리치호)`,
  seats: (n) => `${n}석`,
  wheelchair: '휠체어',
  slopeNeeded: '슬로프 필요',
  standing: '입석',
  continued: '계속',
  participants: '인원',
  total: '합계',
  wheelchairs: '그중 휠체어',
  people: (n) => `${n}명`,
  notes: '안내 사항',
  qrCaption: '이 QR 코드로 예약 내용을 확인하실 수 있습니다',
  staffNotice: '승차 당일 이 바우처를 역 직원에게 제시해 주십시오.',
  contact: '문의처',
  tel: '전화',
  address: '주소',
  weekdays: ['일', '월', '화', '수', '목', '금', '토'],
};

const ZH_HANS: SecondLanguage = {
  face: 'zh-hans',
  title: '乘车凭证',
  bookingNo: '预订编号',
  group: '团体名称',
  agent: '旅行社',
  date: '乘车日期',
  issued: '开具时间',
  outbound: '去程',
  return: '返程',
  car: (n) => `${n}号车厢`,
  richCar: (n) => `${n}号车厢（The Rich 号）`,
  seats: (n) => `${n}个座位`,
  wheelchair: '轮椅',
  slopeNeeded: '需要坡道',
  standing: '站席',
  continued: '续',
  participants: '人数',
  total: '合计',
  wheelchairs: '其中轮椅',
  people: (n) => `${n}人`,
  notes: '注意事项',
  qrCaption: '扫描此二维码即可查看预订内容',
  staffNotice: '乘车当天请向车站工作人员出示本凭证。',
  contact: '联系方式',
  tel: '电话',
  address: '地址',
  weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
};

const ZH_HANT: SecondLanguage = {
  face: 'zh-hant',
  title: '乘車憑證',
  bookingNo: '預約編號',
  group: '團體名稱',
  agent: '旅行社',
  date: '乘車日期',
  issued: '開立時間',
  outbound: '去程',
  return: '回程',
  car: (n) => `${n}號車廂`,
  richCar: (n) => `${n}號車廂（The Rich 號）`,
  seats: (n) => `${n}個座位`,
  wheelchair: '輪椅',
  slopeNeeded: '需要坡道',
  standing: '站位',
  continued: '續',
  participants: '人數',
  total: '合計',
  wheelchairs: '其中輪椅',
  people: (n) => `${n}人`,
  notes: '注意事項',
  qrCaption: '掃描此 QR 碼即可查看預約內容',
  staffNotice: '乘車當天請向車站工作人員出示本憑證。',
  contact: '聯絡方式',
  tel: '電話',
  address: '地址',
  weekdays: ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};

export const ENGLISH = EN;

/** The second language for a page language: English for ja and en. */
export function secondLanguageOf(language: CustomerLanguage): SecondLanguage {
  switch (language) {
    case 'ko':
      return KO;
    case 'zh-hans':
      return ZH_HANS;
    case 'zh-hant':
      return ZH_HANT;
    default:
      return EN;
  }
}

import { OVERSEAS_PREFECTURE, PREFECTURES_EN, PREFECTURES_JA } from '@sagano/domain/common/countries';

/** Prefecture options: the 47 by JIS code, then 海外 (99). Apart from the form, so the booking's page does not download the form. */
export function prefectureOptions(language: string, overseas: string) {
  const names = language === 'ja' ? PREFECTURES_JA : PREFECTURES_EN;
  return [...names.map((name, i) => ({ value: String(i + 1), label: name })), { value: String(OVERSEAS_PREFECTURE), label: overseas }];
}

import { COUNTRY_NAMES_EN, COUNTRY_NAMES_JA } from './country-names.ts';

/**
 * Country codes for a booking's group (spec 000 §5, 001 §9.6): the ISO 3166-1 alpha-3 list plus
 * OTHER. Each code carries its alpha-2 twin, which is what Intl.DisplayNames names.
 */
const PAIRS =
  'AFG:AF ALA:AX ALB:AL DZA:DZ ASM:AS AND:AD AGO:AO AIA:AI ATA:AQ ATG:AG ARG:AR ARM:AM ABW:AW AUS:AU AUT:AT AZE:AZ ' +
  'BHS:BS BHR:BH BGD:BD BRB:BB BLR:BY BEL:BE BLZ:BZ BEN:BJ BMU:BM BTN:BT BOL:BO BES:BQ BIH:BA BWA:BW BVT:BV BRA:BR ' +
  'IOT:IO BRN:BN BGR:BG BFA:BF BDI:BI CPV:CV KHM:KH CMR:CM CAN:CA CYM:KY CAF:CF TCD:TD CHL:CL CHN:CN CXR:CX CCK:CC ' +
  'COL:CO COM:KM COG:CG COD:CD COK:CK CRI:CR CIV:CI HRV:HR CUB:CU CUW:CW CYP:CY CZE:CZ DNK:DK DJI:DJ DMA:DM DOM:DO ' +
  'ECU:EC EGY:EG SLV:SV GNQ:GQ ERI:ER EST:EE SWZ:SZ ETH:ET FLK:FK FRO:FO FJI:FJ FIN:FI FRA:FR GUF:GF PYF:PF ATF:TF ' +
  'GAB:GA GMB:GM GEO:GE DEU:DE GHA:GH GIB:GI GRC:GR GRL:GL GRD:GD GLP:GP GUM:GU GTM:GT GGY:GG GIN:GN GNB:GW GUY:GY ' +
  'HTI:HT HMD:HM VAT:VA HND:HN HKG:HK HUN:HU ISL:IS IND:IN IDN:ID IRN:IR IRQ:IQ IRL:IE IMN:IM ISR:IL ITA:IT JAM:JM ' +
  'JPN:JP JEY:JE JOR:JO KAZ:KZ KEN:KE KIR:KI PRK:KP KOR:KR KWT:KW KGZ:KG LAO:LA LVA:LV LBN:LB LSO:LS LBR:LR LBY:LY ' +
  'LIE:LI LTU:LT LUX:LU MAC:MO MDG:MG MWI:MW MYS:MY MDV:MV MLI:ML MLT:MT MHL:MH MTQ:MQ MRT:MR MUS:MU MYT:YT MEX:MX ' +
  'FSM:FM MDA:MD MCO:MC MNG:MN MNE:ME MSR:MS MAR:MA MOZ:MZ MMR:MM NAM:NA NRU:NR NPL:NP NLD:NL NCL:NC NZL:NZ NIC:NI ' +
  'NER:NE NGA:NG NIU:NU NFK:NF MKD:MK MNP:MP NOR:NO OMN:OM PAK:PK PLW:PW PSE:PS PAN:PA PNG:PG PRY:PY PER:PE PHL:PH ' +
  'PCN:PN POL:PL PRT:PT PRI:PR QAT:QA REU:RE ROU:RO RUS:RU RWA:RW BLM:BL SHN:SH KNA:KN LCA:LC MAF:MF SPM:PM VCT:VC ' +
  'WSM:WS SMR:SM STP:ST SAU:SA SEN:SN SRB:RS SYC:SC SLE:SL SGP:SG SXM:SX SVK:SK SVN:SI SLB:SB SOM:SO ZAF:ZA SGS:GS ' +
  'SSD:SS ESP:ES LKA:LK SDN:SD SUR:SR SJM:SJ SWE:SE CHE:CH SYR:SY TWN:TW TJK:TJ TZA:TZ THA:TH TLS:TL TGO:TG TKL:TK ' +
  'TON:TO TTO:TT TUN:TN TUR:TR TKM:TM TCA:TC TUV:TV UGA:UG UKR:UA ARE:AE GBR:GB USA:US UMI:UM URY:UY UZB:UZ VUT:VU ' +
  'VEN:VE VNM:VN VGB:VG VIR:VI WLF:WF ESH:EH YEM:YE ZMB:ZM ZWE:ZW';

const ALPHA2_OF: ReadonlyMap<string, string> = new Map(
  PAIRS.split(' ').map((pair) => pair.split(':') as [string, string]),
);

export const OTHER_COUNTRY = 'OTHER';
/** Every ISO 3166-1 alpha-3 code, in the standard's order by English short name. */
export const COUNTRY_CODES: readonly string[] = [...ALPHA2_OF.keys()];

/** The ISO alpha-2 code of an alpha-3 code (what Intl.DisplayNames names), undefined for OTHER or an unknown code. */
export function countryAlpha2(code: string): string | undefined {
  return ALPHA2_OF.get(code);
}

export function isCountryCode(code: string): boolean {
  return code === OTHER_COUNTRY || ALPHA2_OF.has(code);
}

/** Japanese and English names from the tables, in their sort order (code → name, by name). */
const tables = new Map<string, ReadonlyMap<string, string>>();
function namesTable(language: string): ReadonlyMap<string, string> | undefined {
  const text = language === 'ja' ? COUNTRY_NAMES_JA : language === 'en' ? COUNTRY_NAMES_EN : undefined;
  if (text === undefined) return undefined;
  let table = tables.get(language);
  if (!table) {
    table = new Map(text.split('|').map((entry) => entry.split(':') as [string, string]));
    tables.set(language, table);
  }
  return table;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/**
 * The country's name in `language`: from the tables in Japanese and English, else Intl.DisplayNames;
 * the code itself when the runtime cannot name it.
 */
export function countryName(code: string, language: string): string {
  const alpha2 = ALPHA2_OF.get(code);
  if (!alpha2) return code;
  const named = namesTable(language)?.get(code);
  if (named !== undefined) return named;
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  try {
    return names?.of(alpha2) ?? code;
  } catch {
    return code;
  }
}

const optionLists = new Map<string, readonly { value: string; label: string }[]>();

/** Select options: Japan first (most groups), then the rest by name in `language`, `OTHER` last (its label from the caller). */
// Named and sorted once per language (a screen asks on every render, e.g. each keystroke in a form).
export function countryOptions(language: string, otherLabel: string): readonly { value: string; label: string }[] {
  const key = `${language}\u0000${otherLabel}`;
  let options = optionLists.get(key);
  if (!options) {
    const table = namesTable(language);
    let names: { value: string; label: string }[];
    if (table) {
      // The tables are in their language's order already.
      names = [...table].filter(([code]) => code !== 'JPN').map(([value, label]) => ({ value, label }));
    } else {
      const collator = new Intl.Collator(language);
      names = COUNTRY_CODES.filter((c) => c !== 'JPN').map((code) => ({ value: code, label: countryName(code, language) }));
      names.sort((a, b) => collator.compare(a.label, b.label));
    }
    options = [{ value: 'JPN', label: countryName('JPN', language) }, ...names, { value: OTHER_COUNTRY, label: otherLabel }];
    optionLists.set(key, options);
  }
  return options;
}

/** Japanese prefectures by JIS X 0401 code (1–47); 99 is overseas, as the booking schema says. */
export const PREFECTURES_JA = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県',
  '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県',
  '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県',
  '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const;
export const PREFECTURES_EN = [
  'Hokkaido', 'Aomori', 'Iwate', 'Miyagi', 'Akita', 'Yamagata', 'Fukushima', 'Ibaraki', 'Tochigi', 'Gunma', 'Saitama', 'Chiba',
  'Tokyo', 'Kanagawa', 'Niigata', 'Toyama', 'Ishikawa', 'Fukui', 'Yamanashi', 'Nagano', 'Gifu', 'Shizuoka', 'Aichi', 'Mie',
  'Shiga', 'Kyoto', 'Osaka', 'Hyogo', 'Nara', 'Wakayama', 'Tottori', 'Shimane', 'Okayama', 'Hiroshima', 'Yamaguchi', 'Tokushima',
  'Kagawa', 'Ehime', 'Kochi', 'Fukuoka', 'Saga', 'Nagasaki', 'Kumamoto', 'Oita', 'Miyazaki', 'Kagoshima', 'Okinawa',
] as const;
export const OVERSEAS_PREFECTURE = 99;

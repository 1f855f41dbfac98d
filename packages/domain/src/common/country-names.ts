/**
 * Country names in Japanese and English, each list in its language's sort order: what
 * Intl.DisplayNames and Intl.Collator give (countries.test.ts checks both against them). Held as
 * text because the first Intl.DisplayNames of a page loads the browser's locale data, a long
 * task on a phone while a booking or a form opens; the other languages still go through Intl.
 * Each entry is CODE:name, entries joined by |; a new code goes in both, where Intl would name and sort it.
 */
export const COUNTRY_NAMES_JA =
  'ISL:アイスランド|IRL:アイルランド|AZE:アゼルバイジャン|AFG:アフガニスタン|USA:アメリカ合衆国|ARE:アラブ首長国連邦|DZA:アルジェリア|ARG:アルゼンチン|ABW:アルバ|' +
  'ALB:アルバニア|ARM:アルメニア|AIA:アンギラ|AGO:アンゴラ|ATG:アンティグア・バーブーダ|AND:アンドラ|YEM:イエメン|GBR:イギリス|ISR:イスラエル|ITA:イタリア|' +
  'IRQ:イラク|IRN:イラン|IND:インド|IDN:インドネシア|WLF:ウォリス・フツナ|UGA:ウガンダ|UKR:ウクライナ|UZB:ウズベキスタン|URY:ウルグアイ|ECU:エクアドル|' +
  'EGY:エジプト|EST:エストニア|SWZ:エスワティニ|ETH:エチオピア|ERI:エリトリア|SLV:エルサルバドル|AUS:オーストラリア|AUT:オーストリア|ALA:オーランド諸島|' +
  'OMN:オマーン|NLD:オランダ|BES:オランダ領カリブ|GHA:ガーナ|CPV:カーボベルデ|GGY:ガーンジー|GUY:ガイアナ|KAZ:カザフスタン|QAT:カタール|CAN:カナダ|' +
  'GAB:ガボン|CMR:カメルーン|GMB:ガンビア|KHM:カンボジア|GIN:ギニア|GNB:ギニアビサウ|CYP:キプロス|CUB:キューバ|CUW:キュラソー|GRC:ギリシャ|KIR:キリバス|' +
  'KGZ:キルギス|GTM:グアテマラ|GLP:グアドループ|GUM:グアム|KWT:クウェート|COK:クック諸島|GRL:グリーンランド|CXR:クリスマス島|GRD:グレナダ|HRV:クロアチア|' +
  'CYM:ケイマン諸島|KEN:ケニア|CIV:コートジボワール|CCK:ココス(キーリング)諸島|CRI:コスタリカ|COM:コモロ|COL:コロンビア|COG:コンゴ共和国(ブラザビル)|' +
  'COD:コンゴ民主共和国(キンシャサ)|SAU:サウジアラビア|SGS:サウスジョージア・サウスサンドウィッチ諸島|WSM:サモア|BLM:サン・バルテルミー|MAF:サン・マルタン|' +
  'STP:サントメ・プリンシペ|ZMB:ザンビア|SPM:サンピエール島・ミクロン島|SMR:サンマリノ|SLE:シエラレオネ|DJI:ジブチ|GIB:ジブラルタル|JEY:ジャージー|JAM:ジャマイカ|' +
  'GEO:ジョージア|SYR:シリア|SGP:シンガポール|SXM:シント・マールテン|ZWE:ジンバブエ|CHE:スイス|SWE:スウェーデン|SDN:スーダン|SJM:スバールバル諸島・ヤンマイエン島|' +
  'ESP:スペイン|SUR:スリナム|LKA:スリランカ|SVK:スロバキア|SVN:スロベニア|SYC:セーシェル|SEN:セネガル|SRB:セルビア|KNA:セントクリストファー・ネーヴィス|' +
  'VCT:セントビンセント及びグレナディーン諸島|SHN:セントヘレナ|LCA:セントルシア|SOM:ソマリア|SLB:ソロモン諸島|TCA:タークス・カイコス諸島|THA:タイ|TJK:タジキスタン|' +
  'TZA:タンザニア|CZE:チェコ|TCD:チャド|TUN:チュニジア|CHL:チリ|TUV:ツバル|DNK:デンマーク|DEU:ドイツ|TGO:トーゴ|TKL:トケラウ|DOM:ドミニカ共和国|' +
  'DMA:ドミニカ国|TTO:トリニダード・トバゴ|TKM:トルクメニスタン|TUR:トルコ|TON:トンガ|NGA:ナイジェリア|NRU:ナウル|NAM:ナミビア|NIU:ニウエ|NIC:ニカラグア|' +
  'NER:ニジェール|NCL:ニューカレドニア|NZL:ニュージーランド|NPL:ネパール|NFK:ノーフォーク島|NOR:ノルウェー|HMD:ハード島・マクドナルド諸島|BHR:バーレーン|' +
  'HTI:ハイチ|PAK:パキスタン|VAT:バチカン市国|PAN:パナマ|VUT:バヌアツ|BHS:バハマ|PNG:パプアニューギニア|BMU:バミューダ|PLW:パラオ|PRY:パラグアイ|' +
  'BRB:バルバドス|PSE:パレスチナ自治区|HUN:ハンガリー|BGD:バングラデシュ|PCN:ピトケアン諸島|FJI:フィジー|PHL:フィリピン|FIN:フィンランド|BTN:ブータン|' +
  'BVT:ブーベ島|PRI:プエルトリコ|FRO:フェロー諸島|FLK:フォークランド諸島|BRA:ブラジル|FRA:フランス|BGR:ブルガリア|BFA:ブルキナファソ|BRN:ブルネイ|' +
  'BDI:ブルンジ|VNM:ベトナム|BEN:ベナン|VEN:ベネズエラ|BLR:ベラルーシ|BLZ:ベリーズ|PER:ペルー|BEL:ベルギー|POL:ポーランド|BIH:ボスニア・ヘルツェゴビナ|' +
  'BWA:ボツワナ|BOL:ボリビア|PRT:ポルトガル|HND:ホンジュラス|MHL:マーシャル諸島|MDG:マダガスカル|MYT:マヨット|MWI:マラウイ|MLI:マリ|MLT:マルタ|' +
  'MTQ:マルティニーク|MYS:マレーシア|IMN:マン島|FSM:ミクロネシア連邦|MMR:ミャンマー (ビルマ)|MEX:メキシコ|MUS:モーリシャス|MRT:モーリタニア|MOZ:モザンビーク|' +
  'MCO:モナコ|MDV:モルディブ|MDA:モルドバ|MAR:モロッコ|MNG:モンゴル|MNE:モンテネグロ|MSR:モントセラト|JOR:ヨルダン|LAO:ラオス|LVA:ラトビア|' +
  'LTU:リトアニア|LBY:リビア|LIE:リヒテンシュタイン|LBR:リベリア|ROU:ルーマニア|LUX:ルクセンブルク|RWA:ルワンダ|LSO:レソト|LBN:レバノン|REU:レユニオン|' +
  'RUS:ロシア|IOT:英領インド洋地域|VGB:英領ヴァージン諸島|KOR:韓国|UMI:合衆国領有小離島|ESH:西サハラ|GNQ:赤道ギニア|TWN:台湾|CAF:中央アフリカ共和国|' +
  'MAC:中華人民共和国マカオ特別行政区|HKG:中華人民共和国香港特別行政区|CHN:中国|TLS:東ティモール|ZAF:南アフリカ|SSD:南スーダン|ATA:南極|JPN:日本|GUF:仏領ギアナ|' +
  'PYF:仏領ポリネシア|ATF:仏領極南諸島|VIR:米領ヴァージン諸島|ASM:米領サモア|MKD:北マケドニア|MNP:北マリアナ諸島|PRK:北朝鮮';

export const COUNTRY_NAMES_EN =
  'AFG:Afghanistan|ALA:Åland Islands|ALB:Albania|DZA:Algeria|ASM:American Samoa|AND:Andorra|AGO:Angola|' +
  'AIA:Anguilla|ATA:Antarctica|ATG:Antigua & Barbuda|ARG:Argentina|ARM:Armenia|ABW:Aruba|AUS:Australia|' +
  'AUT:Austria|AZE:Azerbaijan|BHS:Bahamas|BHR:Bahrain|BGD:Bangladesh|BRB:Barbados|BLR:Belarus|' +
  'BEL:Belgium|BLZ:Belize|BEN:Benin|BMU:Bermuda|BTN:Bhutan|BOL:Bolivia|BIH:Bosnia & Herzegovina|' +
  'BWA:Botswana|BVT:Bouvet Island|BRA:Brazil|IOT:British Indian Ocean Territory|' +
  'VGB:British Virgin Islands|BRN:Brunei|BGR:Bulgaria|BFA:Burkina Faso|BDI:Burundi|KHM:Cambodia|' +
  'CMR:Cameroon|CAN:Canada|CPV:Cape Verde|BES:Caribbean Netherlands|CYM:Cayman Islands|' +
  'CAF:Central African Republic|TCD:Chad|CHL:Chile|CHN:China|CXR:Christmas Island|' +
  'CCK:Cocos (Keeling) Islands|COL:Colombia|COM:Comoros|COG:Congo - Brazzaville|COD:Congo - Kinshasa|' +
  'COK:Cook Islands|CRI:Costa Rica|CIV:Côte d’Ivoire|HRV:Croatia|CUB:Cuba|CUW:Curaçao|CYP:Cyprus|' +
  'CZE:Czechia|DNK:Denmark|DJI:Djibouti|DMA:Dominica|DOM:Dominican Republic|ECU:Ecuador|EGY:Egypt|' +
  'SLV:El Salvador|GNQ:Equatorial Guinea|ERI:Eritrea|EST:Estonia|SWZ:Eswatini|ETH:Ethiopia|' +
  'FLK:Falkland Islands|FRO:Faroe Islands|FJI:Fiji|FIN:Finland|FRA:France|GUF:French Guiana|' +
  'PYF:French Polynesia|ATF:French Southern Territories|GAB:Gabon|GMB:Gambia|GEO:Georgia|DEU:Germany|' +
  'GHA:Ghana|GIB:Gibraltar|GRC:Greece|GRL:Greenland|GRD:Grenada|GLP:Guadeloupe|GUM:Guam|GTM:Guatemala|' +
  'GGY:Guernsey|GIN:Guinea|GNB:Guinea-Bissau|GUY:Guyana|HTI:Haiti|HMD:Heard & McDonald Islands|' +
  'HND:Honduras|HKG:Hong Kong SAR China|HUN:Hungary|ISL:Iceland|IND:India|IDN:Indonesia|IRN:Iran|' +
  'IRQ:Iraq|IRL:Ireland|IMN:Isle of Man|ISR:Israel|ITA:Italy|JAM:Jamaica|JPN:Japan|JEY:Jersey|JOR:Jordan|' +
  'KAZ:Kazakhstan|KEN:Kenya|KIR:Kiribati|KWT:Kuwait|KGZ:Kyrgyzstan|LAO:Laos|LVA:Latvia|LBN:Lebanon|' +
  'LSO:Lesotho|LBR:Liberia|LBY:Libya|LIE:Liechtenstein|LTU:Lithuania|LUX:Luxembourg|MAC:Macao SAR China|' +
  'MDG:Madagascar|MWI:Malawi|MYS:Malaysia|MDV:Maldives|MLI:Mali|MLT:Malta|MHL:Marshall Islands|' +
  'MTQ:Martinique|MRT:Mauritania|MUS:Mauritius|MYT:Mayotte|MEX:Mexico|FSM:Micronesia|MDA:Moldova|' +
  'MCO:Monaco|MNG:Mongolia|MNE:Montenegro|MSR:Montserrat|MAR:Morocco|MOZ:Mozambique|MMR:Myanmar (Burma)|' +
  'NAM:Namibia|NRU:Nauru|NPL:Nepal|NLD:Netherlands|NCL:New Caledonia|NZL:New Zealand|NIC:Nicaragua|' +
  'NER:Niger|NGA:Nigeria|NIU:Niue|NFK:Norfolk Island|PRK:North Korea|MKD:North Macedonia|' +
  'MNP:Northern Mariana Islands|NOR:Norway|OMN:Oman|PAK:Pakistan|PLW:Palau|PSE:Palestinian Territories|' +
  'PAN:Panama|PNG:Papua New Guinea|PRY:Paraguay|PER:Peru|PHL:Philippines|PCN:Pitcairn Islands|POL:Poland|' +
  'PRT:Portugal|PRI:Puerto Rico|QAT:Qatar|REU:Réunion|ROU:Romania|RUS:Russia|RWA:Rwanda|WSM:Samoa|' +
  'SMR:San Marino|STP:São Tomé & Príncipe|SAU:Saudi Arabia|SEN:Senegal|SRB:Serbia|SYC:Seychelles|' +
  'SLE:Sierra Leone|SGP:Singapore|SXM:Sint Maarten|SVK:Slovakia|SVN:Slovenia|SLB:Solomon Islands|' +
  'SOM:Somalia|ZAF:South Africa|SGS:South Georgia & South Sandwich Islands|KOR:South Korea|' +
  'SSD:South Sudan|ESP:Spain|LKA:Sri Lanka|BLM:St. Barthélemy|SHN:St. Helena|KNA:St. Kitts & Nevis|' +
  'LCA:St. Lucia|MAF:St. Martin|SPM:St. Pierre & Miquelon|VCT:St. Vincent & Grenadines|SDN:Sudan|' +
  'SUR:Suriname|SJM:Svalbard & Jan Mayen|SWE:Sweden|CHE:Switzerland|SYR:Syria|TWN:Taiwan|TJK:Tajikistan|' +
  'TZA:Tanzania|THA:Thailand|TLS:Timor-Leste|TGO:Togo|TKL:Tokelau|TON:Tonga|TTO:Trinidad & Tobago|' +
  'TUN:Tunisia|TUR:Türkiye|TKM:Turkmenistan|TCA:Turks & Caicos Islands|TUV:Tuvalu|' +
  'UMI:U.S. Outlying Islands|VIR:U.S. Virgin Islands|UGA:Uganda|UKR:Ukraine|ARE:United Arab Emirates|' +
  'GBR:United Kingdom|USA:United States|URY:Uruguay|UZB:Uzbekistan|VUT:Vanuatu|VAT:Vatican City|' +
  'VEN:Venezuela|VNM:Vietnam|WLF:Wallis & Futuna|ESH:Western Sahara|YEM:Yemen|ZMB:Zambia|ZWE:Zimbabwe';


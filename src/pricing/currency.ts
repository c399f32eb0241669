// The currency table (SPEC §3: about 150 ISO 4217 currencies, default symbol $) and the only
// ways money crosses the engine's edge: JSON numbers in, formatted text and payment amounts out.
import { readDecimal } from "./decimal.ts";
import { roundRatioToStep } from "./rounding.ts";
import type { Money } from "./types.ts";

export interface Currency {
  code: string;
  /** Written before the amount; a symbol ending in a letter or a dot gets a space ("CHF 45.05"). */
  symbol: string;
  name: string;
  namePlural: string;
  /** Minor-unit digits after the decimal point (ISO 4217): 0, 2 or 3. */
  digits: 0 | 2 | 3;
  /** The smallest amount charged, in minor units: 1, or 5 for the Swiss franc (0.05). */
  rounding: number;
}

type Row = [code: string, symbol: string, name: string, namePlural: string, digits?: Currency["digits"], rounding?: number];

// Digits follow ISO 4217 (2 unless given). Symbols are short and unambiguous enough for a
// quote ("CA$", "AU$"); codes stand in where a currency has no widely read sign.
const ROWS: Row[] = [
  ["AED", "AED", "UAE dirham", "UAE dirhams"],
  ["AFN", "Af", "Afghan afghani", "Afghan afghanis"],
  ["ALL", "ALL", "Albanian lek", "Albanian lekë"],
  ["AMD", "AMD", "Armenian dram", "Armenian drams"],
  ["ANG", "NAf.", "Netherlands Antillean guilder", "Netherlands Antillean guilders"],
  ["AOA", "Kz", "Angolan kwanza", "Angolan kwanzas"],
  ["ARS", "AR$", "Argentine peso", "Argentine pesos"],
  ["AUD", "AU$", "Australian dollar", "Australian dollars"],
  ["AWG", "Afl.", "Aruban florin", "Aruban florins"],
  ["AZN", "₼", "Azerbaijani manat", "Azerbaijani manats"],
  ["BAM", "KM", "Bosnia-Herzegovina convertible mark", "Bosnia-Herzegovina convertible marks"],
  ["BBD", "Bds$", "Barbadian dollar", "Barbadian dollars"],
  ["BDT", "Tk", "Bangladeshi taka", "Bangladeshi takas"],
  ["BGN", "BGN", "Bulgarian lev", "Bulgarian leva"],
  ["BHD", "BD", "Bahraini dinar", "Bahraini dinars", 3],
  ["BIF", "FBu", "Burundian franc", "Burundian francs", 0],
  ["BMD", "BD$", "Bermudan dollar", "Bermudan dollars"],
  ["BND", "BN$", "Brunei dollar", "Brunei dollars"],
  ["BOB", "Bs", "Bolivian boliviano", "Bolivian bolivianos"],
  ["BRL", "R$", "Brazilian real", "Brazilian reals"],
  ["BSD", "B$", "Bahamian dollar", "Bahamian dollars"],
  ["BTN", "Nu.", "Bhutanese ngultrum", "Bhutanese ngultrums"],
  ["BWP", "BWP", "Botswanan pula", "Botswanan pulas"],
  ["BYN", "Br", "Belarusian ruble", "Belarusian rubles"],
  ["BZD", "BZ$", "Belize dollar", "Belize dollars"],
  ["CAD", "CA$", "Canadian dollar", "Canadian dollars"],
  ["CDF", "CDF", "Congolese franc", "Congolese francs"],
  ["CHF", "CHF", "Swiss franc", "Swiss francs", undefined, 5],
  ["CLP", "CL$", "Chilean peso", "Chilean pesos", 0],
  ["CNY", "CN¥", "Chinese yuan", "Chinese yuan"],
  ["COP", "CO$", "Colombian peso", "Colombian pesos"],
  ["CRC", "₡", "Costa Rican colón", "Costa Rican colóns"],
  ["CUP", "CUP", "Cuban peso", "Cuban pesos"],
  ["CVE", "CV$", "Cape Verdean escudo", "Cape Verdean escudos"],
  ["CZK", "Kč", "Czech koruna", "Czech korunas"],
  ["DJF", "Fdj", "Djiboutian franc", "Djiboutian francs", 0],
  ["DKK", "Dkr", "Danish krone", "Danish kroner"],
  ["DOP", "RD$", "Dominican peso", "Dominican pesos"],
  ["DZD", "DA", "Algerian dinar", "Algerian dinars"],
  ["EGP", "EGP", "Egyptian pound", "Egyptian pounds"],
  ["ERN", "Nfk", "Eritrean nakfa", "Eritrean nakfas"],
  ["ETB", "Br", "Ethiopian birr", "Ethiopian birrs"],
  ["EUR", "€", "Euro", "euros"],
  ["FJD", "FJ$", "Fijian dollar", "Fijian dollars"],
  ["FKP", "FK£", "Falkland Islands pound", "Falkland Islands pounds"],
  ["GBP", "£", "British pound", "British pounds"],
  ["GEL", "₾", "Georgian lari", "Georgian laris"],
  ["GHS", "GH₵", "Ghanaian cedi", "Ghanaian cedis"],
  ["GIP", "GI£", "Gibraltar pound", "Gibraltar pounds"],
  ["GMD", "D", "Gambian dalasi", "Gambian dalasis"],
  ["GNF", "FG", "Guinean franc", "Guinean francs", 0],
  ["GTQ", "GTQ", "Guatemalan quetzal", "Guatemalan quetzals"],
  ["GYD", "GY$", "Guyanese dollar", "Guyanese dollars"],
  ["HKD", "HK$", "Hong Kong dollar", "Hong Kong dollars"],
  ["HNL", "HNL", "Honduran lempira", "Honduran lempiras"],
  ["HTG", "HTG", "Haitian gourde", "Haitian gourdes"],
  ["HUF", "Ft", "Hungarian forint", "Hungarian forints"],
  ["IDR", "Rp", "Indonesian rupiah", "Indonesian rupiahs"],
  ["ILS", "₪", "Israeli new shekel", "Israeli new shekels"],
  ["INR", "₹", "Indian rupee", "Indian rupees"],
  ["IQD", "IQD", "Iraqi dinar", "Iraqi dinars", 3],
  ["IRR", "IRR", "Iranian rial", "Iranian rials"],
  ["ISK", "Ikr", "Icelandic króna", "Icelandic krónur", 0],
  ["JMD", "J$", "Jamaican dollar", "Jamaican dollars"],
  ["JOD", "JD", "Jordanian dinar", "Jordanian dinars", 3],
  ["JPY", "¥", "Japanese yen", "Japanese yen", 0],
  ["KES", "Ksh", "Kenyan shilling", "Kenyan shillings"],
  ["KGS", "KGS", "Kyrgystani som", "Kyrgystani soms"],
  ["KHR", "KHR", "Cambodian riel", "Cambodian riels"],
  ["KMF", "CF", "Comorian franc", "Comorian francs", 0],
  ["KPW", "KPW", "North Korean won", "North Korean won"],
  ["KRW", "₩", "South Korean won", "South Korean won", 0],
  ["KWD", "KD", "Kuwaiti dinar", "Kuwaiti dinars", 3],
  ["KYD", "CI$", "Cayman Islands dollar", "Cayman Islands dollars"],
  ["KZT", "₸", "Kazakhstani tenge", "Kazakhstani tenges"],
  ["LAK", "₭", "Laotian kip", "Laotian kips"],
  ["LBP", "LB£", "Lebanese pound", "Lebanese pounds"],
  ["LKR", "SLRs", "Sri Lankan rupee", "Sri Lankan rupees"],
  ["LRD", "L$", "Liberian dollar", "Liberian dollars"],
  ["LSL", "LSL", "Lesotho loti", "Lesotho maloti"],
  ["LYD", "LD", "Libyan dinar", "Libyan dinars", 3],
  ["MAD", "MAD", "Moroccan dirham", "Moroccan dirhams"],
  ["MDL", "MDL", "Moldovan leu", "Moldovan lei"],
  ["MGA", "MGA", "Malagasy ariary", "Malagasy ariaries"],
  ["MKD", "MKD", "Macedonian denar", "Macedonian denari"],
  ["MMK", "MMK", "Myanmar kyat", "Myanmar kyats"],
  ["MNT", "₮", "Mongolian tugrik", "Mongolian tugriks"],
  ["MOP", "MOP$", "Macanese pataca", "Macanese patacas"],
  ["MRU", "UM", "Mauritanian ouguiya", "Mauritanian ouguiyas"],
  ["MUR", "MURs", "Mauritian rupee", "Mauritian rupees"],
  ["MVR", "Rf", "Maldivian rufiyaa", "Maldivian rufiyaas"],
  ["MWK", "MK", "Malawian kwacha", "Malawian kwachas"],
  ["MXN", "MX$", "Mexican peso", "Mexican pesos"],
  ["MYR", "RM", "Malaysian ringgit", "Malaysian ringgits"],
  ["MZN", "MTn", "Mozambican metical", "Mozambican meticals"],
  ["NAD", "N$", "Namibian dollar", "Namibian dollars"],
  ["NGN", "₦", "Nigerian naira", "Nigerian nairas"],
  ["NIO", "C$", "Nicaraguan córdoba", "Nicaraguan córdobas"],
  ["NOK", "Nkr", "Norwegian krone", "Norwegian kroner"],
  ["NPR", "NPRs", "Nepalese rupee", "Nepalese rupees"],
  ["NZD", "NZ$", "New Zealand dollar", "New Zealand dollars"],
  ["OMR", "OMR", "Omani rial", "Omani rials", 3],
  ["PAB", "B/.", "Panamanian balboa", "Panamanian balboas"],
  ["PEN", "S/", "Peruvian sol", "Peruvian soles"],
  ["PGK", "K", "Papua New Guinean kina", "Papua New Guinean kina"],
  ["PHP", "₱", "Philippine peso", "Philippine pesos"],
  ["PKR", "PKRs", "Pakistani rupee", "Pakistani rupees"],
  ["PLN", "zł", "Polish zloty", "Polish zlotys"],
  ["PYG", "₲", "Paraguayan guarani", "Paraguayan guaranis", 0],
  ["QAR", "QR", "Qatari riyal", "Qatari riyals"],
  ["RON", "RON", "Romanian leu", "Romanian lei"],
  ["RSD", "din.", "Serbian dinar", "Serbian dinars"],
  ["RUB", "RUB", "Russian ruble", "Russian rubles"],
  ["RWF", "RWF", "Rwandan franc", "Rwandan francs", 0],
  ["SAR", "SR", "Saudi riyal", "Saudi riyals"],
  ["SBD", "SI$", "Solomon Islands dollar", "Solomon Islands dollars"],
  ["SCR", "SRe", "Seychellois rupee", "Seychellois rupees"],
  ["SDG", "SDG", "Sudanese pound", "Sudanese pounds"],
  ["SEK", "Skr", "Swedish krona", "Swedish kronor"],
  ["SGD", "S$", "Singapore dollar", "Singapore dollars"],
  ["SHP", "SH£", "St. Helena pound", "St. Helena pounds"],
  ["SLE", "Le", "Sierra Leonean leone", "Sierra Leonean leones"],
  ["SOS", "Ssh", "Somali shilling", "Somali shillings"],
  ["SRD", "SR$", "Surinamese dollar", "Surinamese dollars"],
  ["SSP", "SS£", "South Sudanese pound", "South Sudanese pounds"],
  ["STN", "Db", "São Tomé and Príncipe dobra", "São Tomé and Príncipe dobras"],
  ["SVC", "SVC", "Salvadoran colón", "Salvadoran colones"],
  ["SYP", "SY£", "Syrian pound", "Syrian pounds"],
  ["SZL", "SZL", "Swazi lilangeni", "Swazi emalangeni"],
  ["THB", "฿", "Thai baht", "Thai baht"],
  ["TJS", "TJS", "Tajikistani somoni", "Tajikistani somonis"],
  ["TMT", "TMT", "Turkmenistani manat", "Turkmenistani manat"],
  ["TND", "DT", "Tunisian dinar", "Tunisian dinars", 3],
  ["TOP", "T$", "Tongan paʻanga", "Tongan paʻanga"],
  ["TRY", "₺", "Turkish lira", "Turkish lira"],
  ["TTD", "TT$", "Trinidad and Tobago dollar", "Trinidad and Tobago dollars"],
  ["TWD", "NT$", "New Taiwan dollar", "New Taiwan dollars"],
  ["TZS", "TSh", "Tanzanian shilling", "Tanzanian shillings"],
  ["UAH", "₴", "Ukrainian hryvnia", "Ukrainian hryvnias"],
  ["UGX", "USh", "Ugandan shilling", "Ugandan shillings", 0],
  ["USD", "$", "US dollar", "US dollars"],
  ["UYU", "$U", "Uruguayan peso", "Uruguayan pesos"],
  ["UZS", "UZS", "Uzbekistani som", "Uzbekistani som"],
  ["VES", "Bs.S", "Venezuelan bolívar", "Venezuelan bolívars"],
  ["VND", "₫", "Vietnamese dong", "Vietnamese dong", 0],
  ["VUV", "VT", "Vanuatu vatu", "Vanuatu vatus", 0],
  ["WST", "WS$", "Samoan tala", "Samoan tala"],
  ["XAF", "FCFA", "Central African CFA franc", "CFA francs BEAC", 0],
  ["XCD", "EC$", "East Caribbean dollar", "East Caribbean dollars"],
  ["XCG", "Cg", "Caribbean guilder", "Caribbean guilders"],
  ["XOF", "CFA", "West African CFA franc", "CFA francs BCEAO", 0],
  ["XPF", "CFPF", "CFP franc", "CFP francs", 0],
  ["YER", "YR", "Yemeni rial", "Yemeni rials"],
  ["ZAR", "R", "South African rand", "South African rand"],
  ["ZMW", "ZK", "Zambian kwacha", "Zambian kwachas"],
  ["ZWG", "ZiG", "Zimbabwe gold", "Zimbabwe gold"],
];

export const CURRENCIES: readonly Currency[] = ROWS.map(([code, symbol, name, namePlural, digits = 2, rounding = 1]): Currency => ({
  code,
  symbol,
  name,
  namePlural,
  digits,
  rounding,
}));

const BY_CODE = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

/** The currency of an ISO code, in any case; an unknown code prices like USD with its own code. */
export function currencyOf(code: string): Currency {
  const key = code.trim().toUpperCase();
  const known = BY_CODE.get(key);
  if (known) return known;
  return { code: key || "USD", symbol: "$", name: key || "US dollar", namePlural: key || "US dollars", digits: 2, rounding: 1 };
}

/**
 * A JSON number in major units to exact minor units: read through its decimal string (1.005 is
 * 1.005, not 1.00499...), rounded half-up to the currency's digits and step (CHF 45.03 → 45.05).
 */
export function toMinorUnits(major: number, code: string): Money {
  const currency = currencyOf(code);
  const { numerator, denominator } = readDecimal(major);
  return roundRatioToStep(numerator * 10n ** BigInt(currency.digits), denominator, currency.rounding);
}

/** Minor units as the plain decimal a payment call sends: "45.50", "4550" (yen), "45.050" (dinar). */
export function toMajorString(minor: Money, code: string): string {
  const { whole, fraction, negative } = splitMinor(minor, currencyOf(code).digits);
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Minor units as shown: symbol, thousands separators, the currency's digits ("$1,234.50", "CHF 45.05", "¥4,550").
 * With a `locale` (a language other than English), as Intl writes that currency there
 * ("1234,50 €", "45,05 CHF"): the same exact amount and digits, given to Intl as a decimal string.
 */
export function formatMoney(minor: Money, code: string, locale?: string): string {
  const currency = currencyOf(code);
  const { whole, fraction, negative } = splitMinor(minor, currency.digits);
  if (locale) {
    try {
      const options = { style: "currency", currency: currency.code, currencyDisplay: "narrowSymbol", minimumFractionDigits: currency.digits, maximumFractionDigits: currency.digits } as const;
      return new Intl.NumberFormat(locale, options).format(`${negative ? "-" : ""}${whole}.${fraction || 0}` as unknown as number);
    } catch {
      // A code Intl does not know: written as in English below.
    }
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  const gap = /[\p{L}.]$/u.test(currency.symbol) ? " " : "";
  return `${negative ? "-" : ""}${currency.symbol}${gap}${grouped}${fraction ? `.${fraction}` : ""}`;
}

function splitMinor(minor: Money, digits: number): { whole: string; fraction: string; negative: boolean } {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units: ${minor}`);
  const text = Math.abs(minor).toString().padStart(digits + 1, "0");
  const cut = text.length - digits;
  return { whole: text.slice(0, cut), fraction: text.slice(cut), negative: minor < 0 };
}

const CURRENCY = String.raw`(?:€|\$|£|¥|r\$|eur|euros?|usd|dollars?|d[oó]lares|gbp|pounds?|libras?|brl|reais|real|jpy|yen)`;
/** A currency said in words, the way an amount in words ends ("two hundred euros", "cien dólares"). */
const CURRENCY_WORD = String.raw`(?:euros?|eur|dollars?|d[oó]lares|bucks|pounds?|libras?(?:\s+esterlinas?)?|reais|real|yen|ienes|ienes)`;
/** Number words of en, es and pt (accents optional), enough to spell any price a hotel would quote. */
const NUMBER_WORD = [
  // en
  String.raw`one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen`,
  String.raw`twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen`,
  // es
  String.raw`un[oa]?|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\p{L}+|veint[ei]\p{L}*`,
  String.raw`treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\p{L}+cientos|\p{L}+cientas|quinientos|mil|mill[oó]n(?:es)?`,
  // pt
  String.raw`uma?|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezessete|dezoito|dezenove`,
  String.raw`vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|duzent[oa]s|trezent[oa]s|\p{L}+centos|\p{L}+centas|quinhent[oa]s|milh[aã]o|milh[oõ]es`,
].join('|');
const SPELLED_NUMBER = String.raw`(?:${NUMBER_WORD})(?:[\s-]+(?:and|y|e|(?:${NUMBER_WORD})))*`;
const MONEY = [
  new RegExp(String.raw`\d[\d.,\s]*\s?${CURRENCY}(?![a-z])`, 'i'),
  new RegExp(String.raw`(?<![a-z])${CURRENCY}\s?\d`, 'i'),
  // "two hundred euros", "cien dólares", "duzentos reais", "mil e quinhentos reais"
  new RegExp(String.raw`(?<![\p{L}])${SPELLED_NUMBER}\s+(?:de\s+)?${CURRENCY_WORD}(?![\p{L}])`, 'iu'),
];
const MONTHS = String.raw`(?:jan(?:uary|eiro)?|feb(?:ruary)?|fev(?:ereiro)?|mar(?:ch|[cç]o|zo)?|apr(?:il)?|abr(?:il)?|may|mai[oa]?|jun(?:e|ho|io)?|jul(?:y|ho|io)?|aug(?:ust)?|ago(?:sto)?|sep(?:tember)?|set(?:embro)?|sept?iembre|oct(?:ober)?|out(?:ubro)?|octubre|nov(?:ember|embro|iembre)?|dec(?:ember)?|dez(?:embro)?|dic(?:iembre)?)`;
const DATES = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/,
  new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:de\s+)?${MONTHS}\b`, 'i'),
  new RegExp(String.raw`\b${MONTHS}\s+\d{1,2}(?:st|nd|rd|th)?\b`, 'i'),
];

/**
 * The advisor never states a price or a date (docs/advisor.md): prices, availability and
 * cancellation terms come from a quote. True when `text` carries an amount with a currency (in
 * digits or in en/es/pt words) or a calendar date, whichever model wrote it.
 */
export function statesPriceOrDate(text: string): boolean {
  return MONEY.some((pattern) => pattern.test(text)) || DATES.some((pattern) => pattern.test(text));
}

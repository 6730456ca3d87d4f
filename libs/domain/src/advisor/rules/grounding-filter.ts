const CURRENCY = String.raw`(?:€|\$|£|¥|r\$|eur|euros?|usd|dollars?|d[oó]lares|gbp|pounds?|libras?|brl|reais|real|jpy|yen)`;
const MONEY = [new RegExp(String.raw`\d[\d.,\s]*\s?${CURRENCY}(?![a-z])`, 'i'), new RegExp(String.raw`(?<![a-z])${CURRENCY}\s?\d`, 'i')];
const MONTHS = String.raw`(?:jan(?:uary|eiro)?|feb(?:ruary)?|fev(?:ereiro)?|mar(?:ch|[cç]o|zo)?|apr(?:il)?|abr(?:il)?|may|mai[oa]?|jun(?:e|ho|io)?|jul(?:y|ho|io)?|aug(?:ust)?|ago(?:sto)?|sep(?:tember)?|set(?:embro)?|sept?iembre|oct(?:ober)?|out(?:ubro)?|octubre|nov(?:ember|embro|iembre)?|dec(?:ember)?|dez(?:embro)?|dic(?:iembre)?)`;
const DATES = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/,
  new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:de\s+)?${MONTHS}\b`, 'i'),
  new RegExp(String.raw`\b${MONTHS}\s+\d{1,2}(?:st|nd|rd|th)?\b`, 'i'),
];

/**
 * The advisor never states a price or a date (docs/advisor.md): prices, availability and
 * cancellation terms come from a quote. True when `text` carries an amount with a currency or a
 * calendar date, whichever model wrote it.
 */
export function statesPriceOrDate(text: string): boolean {
  return MONEY.some((pattern) => pattern.test(text)) || DATES.some((pattern) => pattern.test(text));
}

/** Money in the currency's minor unit (docs/api-contract.md "Money, dates and ids"): EUR cents, JPY yen. */
export interface Money {
  amount: number;
  currency: string;
}

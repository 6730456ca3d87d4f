/** Money in the currency's minor unit (CONTRACT §2): EUR cents, JPY yen. */
export interface Money {
  amount: number;
  currency: string;
}

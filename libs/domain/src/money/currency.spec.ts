import { currencyExponent, formatMoney, toMajorUnits, toMinorUnits } from './currency';

describe('currency exponents', () => {
  it('follows ISO 4217 for the currencies that differ from 2', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('BHD')).toBe(3);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('converts between minor and major units', () => {
    expect(toMajorUnits(12345, 'EUR')).toBe(123.45);
    expect(toMajorUnits(18000, 'JPY')).toBe(18000);
    expect(toMajorUnits(1234, 'KWD')).toBe(1.234);
    expect(toMinorUnits(123.45, 'EUR')).toBe(12345);
    expect(toMinorUnits(0.005, 'EUR')).toBe(1);
    expect(toMinorUnits(1.0005, 'BHD')).toBe(1001);
    expect(toMinorUnits(99.5, 'JPY')).toBe(100);
  });

  it('formats for humans', () => {
    expect(formatMoney(12000, 'EUR')).toBe('EUR 120.00');
    expect(formatMoney(18000, 'JPY')).toBe('JPY 18000');
  });
});

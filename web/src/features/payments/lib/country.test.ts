import { describe, expect, it } from 'vitest';
import { brazil, countryConfig, mexico } from './country';

// The wizards' corridor data comes from the server's table
// (internal/corridor, generated into corridors.gen.ts): these are the
// product's promises, so a change here is a product decision.
describe('countryConfig', () => {
  it('gives Brazil its spec minimum, and the mailed check as coming soon (the partner pays out by bank transfer only)', () => {
    expect(brazil).toEqual({
      country: 'brazil',
      currency: 'BRL',
      symbol: 'USDC/BRL',
      method: 'pix',
      minimumUSD: 16,
      checkAvailable: false,
      effectiveRateDecimals: 4,
    });
  });

  it('states no minimum for Mexico and offers the check as coming soon', () => {
    expect(mexico).toEqual({
      country: 'mexico',
      currency: 'MXN',
      symbol: 'USDC/MXN',
      method: 'spei',
      minimumUSD: null,
      checkAvailable: false,
      effectiveRateDecimals: 3,
    });
  });

  it('finds each country by its name', () => {
    expect(countryConfig('mexico')).toEqual(mexico);
    expect(countryConfig('brazil')).toEqual(brazil);
  });
});

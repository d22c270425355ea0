import { describe, expect, it } from 'vitest';
import {
  calculatorReducer,
  initialCalculatorState,
  parseCalculatorAmount,
  placeholders,
  rateOf,
  receiveCurrency,
  sendCurrency,
  type CalculatorAction,
  type CalculatorState,
} from './calculator-logic';

function run(...actions: CalculatorAction[]): CalculatorState {
  return actions.reduce(calculatorReducer, initialCalculatorState);
}

// Intl output uses plain ASCII digits and separators for these locales.
describe('calculator defaults', () => {
  it('starts BRL (Brazil) to USD with the product and the static rates', () => {
    const s = initialCalculatorState;
    expect(s.country).toBe('brazil');
    expect(s.provider).toBe('crebit');
    expect(s.reversed).toBe(false);
    expect(sendCurrency(s)).toBe('BRL');
    expect(receiveCurrency(s)).toBe('USD');
    expect(rateOf(s)).toBe(5.42);
    expect(placeholders(s)).toEqual({ send: '5,42', receive: '1.00' });
  });

  it('placeholders follow the product BRL rate once live', () => {
    const s = run({ type: 'ratesLoaded', rates: { brazil: 5.4224, mexico: 18.5608 } });
    expect(placeholders(s)).toEqual({ send: '5,42', receive: '1.00' });
    expect(rateOf(s)).toBe(5.4224);
    const t = run({ type: 'ratesLoaded', rates: { brazil: 5.61 } });
    expect(placeholders(t).send).toBe('5,61');
  });
});

describe('typing', () => {
  it('send: receive = send / rate, at least 1.00', () => {
    let s = run({ type: 'sendChanged', text: '1084' });
    expect(s.interacted).toBe(true);
    expect(s.receive).toBe('200.00');
    s = calculatorReducer(s, { type: 'sendChanged', text: '3' });
    expect(s.receive).toBe('1.00');
    s = calculatorReducer(s, { type: 'sendChanged', text: '' });
    expect(s.receive).toBe('1.00');
  });

  it('send: non-numbers count as 0, so the floor applies', () => {
    expect(run({ type: 'sendChanged', text: 'abc' }).receive).toBe('1.00');
  });

  it('send: large amounts are grouped in the currency locale', () => {
    expect(run({ type: 'sendChanged', text: '542000' }).receive).toBe('100,000.00');
  });

  it('receive: send = receive * rate, in pt-BR for BRL', () => {
    const s = run({ type: 'receiveChanged', text: '1000' });
    expect(s.receive).toBe('1000');
    expect(s.send).toBe('5.420,00');
  });

  it('receive: below 1 converts as 1 and is raised to 1.00 on leaving the box', () => {
    let s = run({ type: 'receiveChanged', text: '0.5' });
    expect(s.send).toBe('5,42');
    s = calculatorReducer(s, { type: 'receiveBlurred' });
    expect(s.receive).toBe('1.00');
    const ok = run({ type: 'receiveChanged', text: '25' }, { type: 'receiveBlurred' });
    expect(ok.receive).toBe('25');
  });

  it('a live rate arriving after typing recomputes the receive amount', () => {
    const s = run({ type: 'sendChanged', text: '5400' }, { type: 'ratesLoaded', rates: { brazil: 5.4 } });
    expect(s.receive).toBe('1,000.00');
  });

  it('a failed rate (undefined) keeps the default', () => {
    const s = run({ type: 'ratesLoaded', rates: { brazil: undefined, mexico: undefined } }, { type: 'sendChanged', text: '542' });
    expect(s.receive).toBe('100.00');
  });
});

describe('providers and countries', () => {
  it('choosing a provider recomputes receive with its rate', () => {
    let s = run({ type: 'sendChanged', text: '564' }, { type: 'providerChanged', provider: 'transferService' });
    expect(rateOf(s)).toBe(5.64);
    expect(s.receive).toBe('100.00');
    s = calculatorReducer(s, { type: 'providerChanged', provider: 'tuitionService' });
    expect(rateOf(s)).toBe(5.88);
    expect(s.receive).toBe('95.92');
  });

  it('the comparison providers use their static Mexico rates', () => {
    const s = run({ type: 'countryChanged', country: 'mexico' }, { type: 'providerChanged', provider: 'transferService' });
    expect(rateOf(s)).toBe(19.28);
    expect(rateOf({ ...s, provider: 'tuitionService' })).toBe(19.5);
    expect(rateOf({ ...s, provider: 'crebit' })).toBe(18.45);
  });

  it('changing country recomputes send from receive * rate in the new currency', () => {
    const s = run(
      { type: 'ratesLoaded', rates: { brazil: 5.4, mexico: 18.5 } },
      { type: 'receiveChanged', text: '100' },
      { type: 'countryChanged', country: 'mexico' },
    );
    expect(sendCurrency(s)).toBe('MXN');
    expect(s.send).toBe('1,850.00');
    const back = calculatorReducer(s, { type: 'countryChanged', country: 'brazil' });
    expect(back.send).toBe('540,00');
  });

  it('changing country with nothing typed leaves the boxes empty', () => {
    const s = run({ type: 'countryChanged', country: 'mexico' });
    expect(s.send).toBe('');
    expect(s.receive).toBe('');
    expect(placeholders(s).send).toBe('18.45');
  });
});

describe('swap', () => {
  it('Brazil: switches to USD -> BRL, clears the amounts, and back', () => {
    let s = run({ type: 'sendChanged', text: '1000' }, { type: 'swap' });
    expect(s.reversed).toBe(true);
    expect(s.send).toBe('');
    expect(s.receive).toBe('');
    expect(sendCurrency(s)).toBe('USD');
    expect(receiveCurrency(s)).toBe('BRL');
    expect(s.message).toBeNull();
    s = calculatorReducer(s, { type: 'swap' });
    expect(s.reversed).toBe(false);
    expect(sendCurrency(s)).toBe('BRL');
  });

  it('reversed: converts USD to BRL at the off-ramp rate', () => {
    let s = run({ type: 'swap' }, { type: 'ratesLoaded', rates: { reverse: 5.2826 } });
    expect(rateOf(s)).toBe(5.2826);
    expect(placeholders(s)).toEqual({ send: '1.00', receive: '5,28' });
    s = calculatorReducer(s, { type: 'sendChanged', text: '100' });
    expect(s.receive).toBe('528,26');
    s = calculatorReducer(s, { type: 'receiveChanged', text: '1056,52' });
    expect(s.send).toBe('200.00');
  });

  it('reversed: without a live off-ramp rate the product BRL rate is used', () => {
    expect(rateOf(run({ type: 'swap' }))).toBe(5.42);
  });

  it('reversed: only the receive currency can change, and MXN is refused', () => {
    let s = run({ type: 'swap' });
    const before = s;
    s = calculatorReducer(s, { type: 'providerChanged', provider: 'transferService' });
    expect(s).toBe(before);
    s = calculatorReducer(s, { type: 'countryChanged', country: 'mexico' });
    expect(s.country).toBe('brazil');
    expect(s.message).toBe('usdToMxnUnsupported');
  });

  it('Mexico: USD to MXN is not supported', () => {
    const s = run({ type: 'countryChanged', country: 'mexico' }, { type: 'sendChanged', text: '1845' }, { type: 'swap' });
    expect(s.reversed).toBe(false);
    expect(s.message).toBe('usdToMxnUnsupported');
    expect(s.send).toBe('1845');
    expect(calculatorReducer(s, { type: 'messageCleared' }).message).toBeNull();
  });

  it('a comparison provider: the feature is not live', () => {
    const s = run({ type: 'providerChanged', provider: 'tuitionService' }, { type: 'swap' });
    expect(s.reversed).toBe(false);
    expect(s.message).toBe('featureNotLive');
  });
});

describe('parseCalculatorAmount', () => {
  it.each([
    ['1000', 1000],
    ['1.000', 1000],
    ['1,000', 1000],
    ['1.000,50', 1000.5],
    ['1,000.50', 1000.5],
    ['1000.5', 1000.5],
    ['1000,5', 1000.5],
    ['5,42', 5.42],
    ['1.234.567', 1234567],
    ['R$ 2.000,00', 2000],
    ['', 0],
    ['abc', 0],
    ['.', 0],
  ])('%s -> %s (reais, as the send box reads them)', (text, expected) => {
    expect(parseCalculatorAmount(text, 'BRL')).toBe(expected);
  });

  it('reads a dollar box the way a US payer means it (the one parser)', () => {
    expect(parseCalculatorAmount('1,000', 'USD')).toBe(1000);
    expect(parseCalculatorAmount('150.75', 'USD')).toBe(150.75);
    expect(parseCalculatorAmount('1.234,56', 'USD')).toBe(1234.56);
  });
});

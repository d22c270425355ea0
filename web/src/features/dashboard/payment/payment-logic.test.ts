import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@/lib/language';
import { createQuote } from '@/features/payments/api/create-quote';
import { amountProblem, bankLabel, canContinueSendMoney, estimate, quoteRequest, sendAmountUSD } from './payment-logic';

describe('Send Money', () => {
  it('continues only with an amount and a recipient', () => {
    expect(canContinueSendMoney({ amount: '', recipient: 'Boston University' })).toBe(false);
    expect(canContinueSendMoney({ amount: '250', recipient: '   ' })).toBe(false);
    expect(canContinueSendMoney({ amount: '  ', recipient: 'x' })).toBe(false);
    expect(canContinueSendMoney({ amount: '250', recipient: 'Boston University' })).toBe(true);
  });

  it('checks the amount: a number over 0 with cents at most, and the Brazil minimum', () => {
    expect(amountProblem('abc', 'brazil')).toBe('invalid');
    expect(amountProblem('0', 'brazil')).toBe('invalid');
    expect(amountProblem('10.555', 'mexico')).toBe('invalid');
    expect(amountProblem('15.99', 'brazil')).toBe('minimum');
    expect(amountProblem('15.99', 'mexico')).toBeNull();
    expect(amountProblem('1,234.56', 'brazil')).toBeNull();
  });

  it('estimates at the live rate and waits for it', () => {
    expect(estimate('100', undefined)).toBeNull();
    expect(estimate('', 5.3)).toBeNull();
    expect(estimate('100', 5.4321)).toEqual({ usd: 100, local: 543.21, rate: 5.4321 });
    expect(estimate('1,000.50', 18.25)).toEqual({ usd: 1000.5, local: 18259.13, rate: 18.25 });
  });

  it('names a saved bank account as the spec lists it', () => {
    expect(bankLabel({ bank_name: 'JPMorgan Chase', account_holder_name: 'Maria Silva', last4: '6789' })).toBe('JPMorgan Chase - Maria Silva (****6789)');
  });
});

// Issue 26, item 1: "150,75" typed in pt-BR was previewed as US$ 150,75 but
// the summary said US$ 15.075,00 and the quote asked for 15075. What Send
// Money previews, the summary shows and the request carries is one number.
describe('the amount previewed is the amount sent (issue 26, item 1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const cases: Array<[Language, string, number]> = [
    ['pt-BR', '150,75', 150.75],
    ['pt-BR', '1234,56', 1234.56],
    ['pt-BR', '1.234,56', 1234.56],
    ['en', '1,234.56', 1234.56],
    ['es-MX', '150.75', 150.75],
    ['es-MX', '0,5', 0.5],
  ];

  it.each(cases)('%s %j: preview, summary and POST /api/create-quote body agree on %d', async (lang, typed, want) => {
    const draft = { amount: typed, country: 'brazil' as const, recipient: 'Boston University' };
    expect(estimate(typed, 5.4321, lang)?.usd).toBe(want);
    expect(sendAmountUSD(draft, lang)).toBe(want);
    const bodies: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return new Response('{"error":"stop here"}', { status: 400 });
    });
    const request = quoteRequest(draft, lang);
    expect(request).not.toBeNull();
    await expect(createQuote(request!)).rejects.toThrow();
    expect(bodies).toEqual([JSON.stringify({ symbol: 'USDC/BRL', amount_usd: want })]);
  });

  it('asks for no quote when the amount cannot be read', () => {
    for (const lang of ['en', 'pt-BR', 'es-MX'] as const) {
      expect(quoteRequest({ amount: '150,75abc', country: 'brazil' }, lang)).toBeNull();
      expect(sendAmountUSD({ amount: '1.2.3,4' }, lang)).toBeNull();
    }
  });
});

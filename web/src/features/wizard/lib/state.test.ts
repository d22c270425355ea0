import { beforeEach, describe, expect, it } from 'vitest';
import type { Payment } from '../api/create-payment';
import type { Quote } from '@/features/payments/api/create-quote';
import { initialState, previousStep, reducer, type WizardState } from './state';
import { clearState, loadState, saveState, storageKey, toStored } from './storage';

const quote: Quote = {
  symbol: 'USDC/BRL',
  amount_usd: 100,
  total_local_amount: 542.23,
  local_currency: 'BRL',
  total_fees_usd: 0.5,
  effective_rate: 5.4223,
  on_ramp: { id: 'qt_on', quotation: 5.39 },
  off_ramp: { id: 'qt_off', quotation: 0.999 },
  expires_at: '2026-11-22T10:05:00Z',
  expires_at_readable: 'Nov 22, 2026 10:05:00 UTC',
};

const payment: Payment = {
  transaction_id: 'txn_1',
  status: 'awaiting_payin',
  amount_local: 542.23,
  amount_usd: 100,
  total_fees_usd: 0.5,
  effective_rate: 5.4223,
  deposit_address: '000201',
  pix_code: '000201',
  bank_name: '',
  clabe: '',
  beneficiary_name: '',
  expires_at: '2026-11-22T10:05:00Z',
  created_at: '2026-11-22T10:00:00Z',
  delivery_method: 'usd-bank-transfer',
  transaction: null,
};

function at(step: WizardState['step'], over: Partial<WizardState> = {}): WizardState {
  return { ...initialState('brazil'), step, ...over };
}

describe('wizard transitions', () => {
  it('goes back as section 4 says', () => {
    expect(previousStep(at(2))).toBe(1);
    expect(previousStep(at(3))).toBe(2);
    const bank = at(4);
    bank.form.deliveryMethod = 'usd-bank-transfer';
    expect(previousStep(bank)).toBe(2);
    const check = at(4);
    check.form.deliveryMethod = 'check-to-school';
    expect(previousStep(check)).toBe(3);
    expect(previousStep(at(5))).toBe(4);
    expect(previousStep(at(6))).toBe(5);
    expect(previousStep(at(9))).toBe(8);
  });

  it('reusing an existing bank account jumps to step 4 with a bank transfer', () => {
    const s = reducer(at(2), { type: 'account-reused', account: { id: 'ext_1', bankName: 'Chase', last4: '6789' } });
    expect(s.step).toBe(4);
    expect(s.useExistingAccount).toBe(true);
    expect(s.selectedExternalAccountId).toBe('ext_1');
    expect(s.form.deliveryMethod).toBe('usd-bank-transfer');
  });

  it('a locked quote goes to step 5; both quote ids are the quote\'s own (derived, stored under the spec\'s names)', () => {
    const s = reducer(at(4, { authorized: true, signedAt: 'x' }), { type: 'quote-locked', quote, deadline: 1000 });
    expect(s).toMatchObject({ step: 5, quote, quoteDeadline: 1000, authorized: false });
    expect(toStored(s)).toMatchObject({ onRampQuoteId: 'qt_on', offRampQuoteId: 'qt_off' });
  });

  it('an expired quote on step 6 goes back to step 4; on step 5 it stays', () => {
    const six = reducer(at(6, { payment, quote }), { type: 'quote-expired' });
    expect(six).toMatchObject({ step: 4, quoteExpired: true, payment: null });
    expect(reducer(at(5, { quote }), { type: 'quote-expired' })).toMatchObject({ step: 5, quoteExpired: true });
  });

  it('Get New Quote clears the quote, the signature and the checkbox', () => {
    const s = reducer(at(5, { quote, quoteExpired: true, authorized: true, signedAt: 'x' }), {
      type: 'new-quote',
    });
    expect(s).toMatchObject({ step: 4, quote: null, quoteExpired: false, authorized: false, signedAt: null });
  });

  it('proceeding again with the same payment keeps its progress', () => {
    const first = reducer(at(5, { quote }), { type: 'payment-created', payment, deadline: 5, now: 100 });
    expect(first).toMatchObject({ step: 6, pollStartedAt: 100, progress: 'waiting' });
    const processing = reducer({ ...first, step: 5 }, { type: 'progress', progress: 'processing', offramp: null, lastStatus: null });
    const again = reducer(processing, { type: 'payment-created', payment, deadline: 5, now: 200 });
    expect(again).toMatchObject({ step: 6, pollStartedAt: 100, progress: 'processing', timerStopped: true });
  });

  it('a received pay-in moves to step 7', () => {
    const s = reducer(at(6, { payment }), { type: 'progress', progress: 'payment_received', offramp: null, lastStatus: null });
    expect(s.step).toBe(7);
    expect(s.timerStopped).toBe(true);
    const later = reducer({ ...s, step: 9 }, { type: 'progress', progress: 'completed', offramp: null, lastStatus: null });
    expect(later.step).toBe(9);
  });

  it('a new customer forgets the old one and its bank account', () => {
    const s = reducer(at(1, { customerId: 'cus_1', externalAccount: { id: 'e', bankName: 'b', last4: '1' }, useExistingAccount: true }), {
      type: 'customer-cleared',
    });
    expect(s).toMatchObject({ customerId: null, externalAccount: null, useExistingAccount: false });
  });
});

describe('browser storage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('brings the wizard back after a reload', () => {
    const s = at(5, { quote, customerId: 'cus_1', walletAddress: '0xabc' });
    saveState('brazil', s);
    expect(loadState('brazil')).toMatchObject({ step: 5, customerId: 'cus_1', quote });
  });

  it('never keeps the full account number, and nothing in localStorage', () => {
    const s = at(2);
    s.form.accountNumber = '000123456789';
    s.form.taxId = '529.982.247-25';
    saveState('brazil', s);
    expect(sessionStorage.getItem(storageKey('brazil'))).not.toContain('000123456789');
    expect(localStorage.length).toBe(0);
  });

  it('keeps each country apart and forgets on request', () => {
    saveState('brazil', at(3));
    expect(loadState('mexico').step).toBe(1);
    expect(loadState('mexico').form.country).toBe('mexico');
    clearState('brazil');
    expect(loadState('brazil').step).toBe(1);
  });

  it('ignores unreadable or foreign data', () => {
    sessionStorage.setItem(storageKey('brazil'), '{not json');
    expect(loadState('brazil').step).toBe(1);
    sessionStorage.setItem(storageKey('brazil'), JSON.stringify({ v: 2, step: 5 }));
    expect(loadState('brazil').step).toBe(1);
    sessionStorage.setItem(storageKey('brazil'), JSON.stringify({ v: 1, step: 42 }));
    expect(loadState('brazil').step).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { pixQrValue, type PixPaymentLike } from './qr-value';

const full: PixPaymentLike = {
  pix_code: 'top-pix-code',
  deposit_address: 'top-deposit',
  transaction: {
    sender_deposit_instructions: { deposit_address: '1-sender-deposit-instructions' },
    sender: { deposit_address: '2-sender' },
    payment_instructions: { pix_code: '3-instructions-pix', deposit_address: '4-instructions-deposit' },
    pix_code: '5-pix-code',
    deposit_address: '6-deposit-address',
    id: '7-id',
    pix_qr_code: '8-pix-qr-code',
  },
};

describe('pixQrValue', () => {
  it('takes the fields in the spec order', () => {
    const order = [
      '1-sender-deposit-instructions',
      '2-sender',
      '3-instructions-pix',
      '4-instructions-deposit',
      '5-pix-code',
      '6-deposit-address',
      '7-id',
      '8-pix-qr-code',
      'top-pix-code',
      'top-deposit',
    ];
    // Remove the winner each time: the next one in the order is taken.
    const p = structuredClone(full);
    const tx = p.transaction!;
    const removers = [
      () => (tx.sender_deposit_instructions = null),
      () => (tx.sender = { deposit_address: '' }),
      () => (tx.payment_instructions = { deposit_address: '4-instructions-deposit' }),
      () => (tx.payment_instructions = {}),
      () => delete tx.pix_code,
      () => (tx.deposit_address = '   '),
      () => (tx.id = null),
      () => delete tx.pix_qr_code,
      () => delete p.pix_code,
      () => delete p.deposit_address,
    ];
    for (let i = 0; i < order.length; i++) {
      expect(pixQrValue(p)).toBe(order[i]);
      removers[i]?.();
    }
    expect(pixQrValue(p)).toBe('');
  });

  it('copes with nothing at all', () => {
    expect(pixQrValue(null)).toBe('');
    expect(pixQrValue({})).toBe('');
    expect(pixQrValue({ transaction: null, pix_code: ' 000201 ' })).toBe('000201');
  });

  it('reads the server answer, where every field holds the same BR Code', () => {
    const code = '00020101021226820014br.gov.bcb.pix...6304ABCD';
    expect(
      pixQrValue({
        pix_code: code,
        deposit_address: code,
        transaction: { id: 'txn_1', pix_code: code, payment_instructions: { pix_code: code }, sender_deposit_instructions: { deposit_address: code } },
      }),
    ).toBe(code);
  });
});

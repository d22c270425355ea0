// Which field of a PIX payment answer holds the BR Code to draw and copy.

type Maybe = string | null | undefined;

/** PixTransactionLike is the part of a PIX payment answer the QR value may come from. */
export interface PixTransactionLike {
  id?: Maybe;
  pix_code?: Maybe;
  deposit_address?: Maybe;
  pix_qr_code?: Maybe;
  sender_deposit_instructions?: { deposit_address?: Maybe } | null;
  sender?: { deposit_address?: Maybe } | null;
  payment_instructions?: { pix_code?: Maybe; deposit_address?: Maybe } | null;
}

export interface PixPaymentLike {
  pix_code?: Maybe;
  deposit_address?: Maybe;
  transaction?: PixTransactionLike | null;
}

/**
 * pixQrValue picks, in the spec's order, the first non-empty of: sender
 * deposit instructions deposit address, sender deposit address, payment
 * instructions pix_code, payment instructions deposit address, pix_code,
 * deposit_address, id, pix_qr_code (of the transaction); then the answer's
 * own pix_code and deposit_address. Empty when there is none.
 */
export function pixQrValue(payment: PixPaymentLike | null | undefined): string {
  const t = payment?.transaction ?? undefined;
  const candidates: Maybe[] = [
    t?.sender_deposit_instructions?.deposit_address,
    t?.sender?.deposit_address,
    t?.payment_instructions?.pix_code,
    t?.payment_instructions?.deposit_address,
    t?.pix_code,
    t?.deposit_address,
    t?.id,
    t?.pix_qr_code,
    payment?.pix_code,
    payment?.deposit_address,
  ];
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim() !== '') return c.trim();
  }
  return '';
}

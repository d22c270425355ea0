import { useMutation } from '@tanstack/react-query';
import type { components } from '@contract/api-types';
import { apiFetch } from '@/lib/api-client';
import type { PixTransactionLike } from '@/features/payments/lib/qr-value';

// The request bodies are the contract's (docs/openapi.yaml), generated.
export type DeliveryMethod = components['schemas']['DeliveryMethod'];
export type CheckDetailsPayload = components['schemas']['CheckDetails'];
/** AuthorizationPayload is what the payer agreed to, with the time shown to them. */
export type AuthorizationPayload = components['schemas']['AuthorizationInput'] & { accepted: true; signed_at: string; signer_name: string };
export type PixPaymentPayload = components['schemas']['PixPaymentRequest'];
export type SpeiPaymentPayload = components['schemas']['SpeiPaymentRequest'];

/** Payment is what step 6 needs of a PIX or SPEI payment answer. */
export interface Payment {
  transaction_id: string;
  status: string;
  amount_local: number;
  amount_usd: number;
  total_fees_usd: number;
  effective_rate: number;
  deposit_address: string;
  pix_code: string;
  bank_name: string;
  clabe: string;
  beneficiary_name: string;
  expires_at: string;
  created_at: string;
  delivery_method: string;
  transaction: PixTransactionLike | null;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function toPayment(b: Record<string, unknown>, localField: 'amount_brl' | 'amount_mxn'): Payment {
  if (typeof b?.transaction_id !== 'string' || b.transaction_id === '') {
    throw new Error(localField === 'amount_brl' ? 'Failed to create PIX payment' : 'Failed to create SPEI payment');
  }
  const bank = (b.bank_account ?? {}) as Record<string, unknown>;
  const beneficiary = (b.beneficiary ?? {}) as Record<string, unknown>;
  const tx = b.transaction && typeof b.transaction === 'object' ? (b.transaction as PixTransactionLike) : null;
  return {
    transaction_id: b.transaction_id,
    status: str(b.status),
    amount_local: Number(b[localField]),
    amount_usd: Number(b.amount_usd),
    total_fees_usd: Number(b.total_fees_usd),
    effective_rate: Number(b.effective_rate),
    deposit_address: str(b.deposit_address),
    pix_code: str(b.pix_code),
    bank_name: str(bank.bank_name),
    clabe: str(bank.clabe) || str(b.deposit_address),
    beneficiary_name: str(beneficiary.name),
    expires_at: str(b.expires_at),
    created_at: str(b.created_at),
    delivery_method: str(b.delivery_method),
    transaction: tx,
  };
}

/** createPixPayment opens a PIX payment; the same Idempotency-Key returns the same payment. */
export async function createPixPayment(payload: PixPaymentPayload, idempotencyKey: string): Promise<Payment> {
  const b = await apiFetch<Record<string, unknown>>('/api/create-pix-payment', {
    method: 'POST',
    body: { ...payload },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return toPayment(b, 'amount_brl');
}

/** createSpeiPayment opens a SPEI payment; the same Idempotency-Key returns the same payment. */
export async function createSpeiPayment(payload: SpeiPaymentPayload, idempotencyKey: string): Promise<Payment> {
  const b = await apiFetch<Record<string, unknown>>('/api/create-spei-payment', {
    method: 'POST',
    body: { ...payload },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return toPayment(b, 'amount_mxn');
}

export type PaymentRequest =
  | { method: 'pix'; payload: PixPaymentPayload; key: string }
  | { method: 'spei'; payload: SpeiPaymentPayload; key: string };

export function useCreatePayment() {
  return useMutation({
    mutationFn: (r: PaymentRequest) =>
      r.method === 'pix' ? createPixPayment(r.payload, r.key) : createSpeiPayment(r.payload, r.key),
  });
}

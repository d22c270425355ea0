import { apiFetch } from '@/lib/api-client';
import type { Country } from '@/features/payments/lib/country';

/** CustomerPayload is the body of POST /api/create-customer. */
export interface CustomerPayload {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  type: 'individual';
  date_of_birth: string;
  identity_documents: Array<{ type: 'national_id'; value: string; country: Country }>;
  address: { street_line_1: string; city: string; state: string; postal_code: string; country: Country };
}

/** ReusePayload asks for the session's existing customer instead. */
export interface ReusePayload {
  use_existing_customer: true;
  existing_customer_id: string;
}

export interface ExistingAccount {
  id: string;
  bank_name: string;
  /** bank_account_number is masked by the server: ****1234. */
  bank_account_number: string;
}

/** CustomerResponse is the answer of POST /api/create-customer. */
export interface CustomerResponse {
  customer_id: string;
  wallet_id: string;
  wallet_address: string;
  kyc_status: string;
  existing_customer: boolean;
  existing_customer_found: boolean;
  existing_external_account: ExistingAccount | null;
  external_account_id: string | null;
  show_popup: boolean;
  popup_title?: string;
  popup_message?: string;
  popup_details?: string;
  popup_question?: string;
}

/** NoCustomerIdError: the answer had no customer_id. */
export class NoCustomerIdError extends Error {}

/**
 * createCustomer registers the payer (KYC) and opens their wallet; asked
 * again with a reuse payload it returns the session's existing customer.
 */
export async function createCustomer(payload: CustomerPayload | ReusePayload): Promise<CustomerResponse> {
  const body = await apiFetch<Partial<CustomerResponse>>('/api/create-customer', { method: 'POST', body: { ...payload } });
  if (!body || typeof body.customer_id !== 'string' || body.customer_id === '') {
    throw new NoCustomerIdError('No customer ID returned from API');
  }
  const acct = body.existing_external_account;
  return {
    customer_id: body.customer_id,
    wallet_id: body.wallet_id ?? '',
    wallet_address: body.wallet_address ?? '',
    kyc_status: body.kyc_status ?? '',
    existing_customer: body.existing_customer === true,
    existing_customer_found: body.existing_customer_found === true,
    existing_external_account:
      acct && typeof acct.id === 'string' && acct.id !== ''
        ? { id: acct.id, bank_name: String(acct.bank_name ?? ''), bank_account_number: String(acct.bank_account_number ?? '') }
        : null,
    external_account_id: typeof body.external_account_id === 'string' ? body.external_account_id : null,
    show_popup: body.show_popup === true,
    popup_title: body.popup_title,
    popup_message: body.popup_message,
    popup_details: body.popup_details,
    popup_question: body.popup_question,
  };
}

// Which wizard field a server refusal is about. The server names the JSON
// request field at fault (`field` in its error body); this is the one table
// from those names to the form's fields, per request, so an error lands
// under the field the payer typed it in.

import { ApiError } from '@/lib/api-client';
import type { WizardForm } from './state';

export type FormField = keyof WizardForm;
export type WizardRequest = 'customer' | 'account' | 'quote' | 'payment' | 'referrals';

const address = {
  'address.street_line_1': 'streetAddress',
  'address.city': 'city',
  'address.state': 'state',
  'address.postal_code': 'zipCode',
  'address.country': 'country',
} as const;

export const serverFields: Record<WizardRequest, Record<string, FormField>> = {
  customer: {
    first_name: 'firstName',
    last_name: 'lastName',
    email: 'email',
    phone_number: 'phone',
    date_of_birth: 'dateOfBirth',
    identity_documents: 'taxId',
    'identity_documents.0.value': 'taxId',
    country: 'country',
    ...address,
  },
  account: {
    routing_number: 'routingNumber',
    bank_account_number: 'accountNumber',
    beneficiary_name: 'accountHolderName',
    account_name: 'accountHolderName',
    bank_name: 'bankName',
    'address.street_line_1': 'bankStreetAddress',
    'address.city': 'bankCity',
    'address.state': 'bankState',
    'address.postal_code': 'bankZipCode',
  },
  quote: { amount_usd: 'amountUSD' },
  payment: {
    amount_usd: 'amountUSD',
    amount_brl: 'amountUSD',
    amount_mxn: 'amountUSD',
    sender_document: 'taxId',
    sender_clabe: 'taxId',
    sender_name: 'firstName',
    'check_details.school_name': 'schoolName',
    'check_details.payee_name': 'payeeName',
    'check_details.mailing_address': 'mailingAddress',
    'check_details.city': 'schoolCity',
    'check_details.state': 'schoolState',
    'check_details.zip_code': 'schoolZipCode',
    'check_details.student_full_name': 'studentFullName',
    'check_details.student_id': 'studentId',
    'check_details.term_reference': 'termReference',
    'check_details.student_email': 'studentEmail',
  },
  referrals: {},
};

/** formFieldOf is the form field an error of that request is about, or null. */
export function formFieldOf(request: WizardRequest, err: unknown): FormField | null {
  if (!(err instanceof ApiError) || !err.field) return null;
  const table = serverFields[request];
  return table[err.field] ?? table[err.field.replace(/\.\d+\./, '.0.')] ?? table[err.field.split('.')[0] ?? ''] ?? null;
}

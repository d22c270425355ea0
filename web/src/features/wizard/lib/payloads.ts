// The request bodies the wizard sends, built from its state.

import type { CustomerPayload } from '../api/create-customer';
import type { ExternalAccountPayload } from '../api/create-external-account';
import type { CheckDetailsPayload } from '../api/create-payment';
import type { Country } from '@/features/payments/lib/country';
import type { WizardForm } from './state';

/** customerPayload builds POST /api/create-customer from step 1 (phone as digits only). */
export function customerPayload(f: WizardForm, country: Country): CustomerPayload {
  const t = (s: string) => s.trim();
  return {
    first_name: t(f.firstName),
    last_name: t(f.lastName),
    email: t(f.email),
    phone_number: f.phone.replace(/\D/g, ''),
    type: 'individual',
    date_of_birth: t(f.dateOfBirth),
    identity_documents: [{ type: 'national_id', value: t(f.taxId), country }],
    address: { street_line_1: t(f.streetAddress), city: t(f.city), state: t(f.state), postal_code: t(f.zipCode), country },
  };
}

/**
 * fingerprint is a short hash of a payload, to tell whether step 1 changed
 * since the customer was created without keeping a second copy of it.
 */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** externalAccountPayload builds POST /api/create-external-account from step 2. */
export function externalAccountPayload(f: WizardForm, customerId: string): ExternalAccountPayload {
  const t = (s: string) => s.trim();
  const holder = t(f.accountHolderName);
  return {
    customer_id: customerId,
    account_name: `${holder}'s USD Account`,
    beneficiary_name: holder,
    bank_name: t(f.bankName),
    bank_account_number: f.accountNumber.replace(/\s/g, ''),
    routing_number: f.routingNumber.replace(/\s/g, ''),
    address: {
      street_line_1: t(f.bankStreetAddress),
      city: t(f.bankCity),
      state: t(f.bankState),
      postal_code: t(f.bankZipCode),
      country: 'USA',
    },
  };
}

/** checkDetailsPayload builds check_details from step 3. */
export function checkDetailsPayload(f: WizardForm): CheckDetailsPayload {
  const t = (s: string) => s.trim();
  const d: CheckDetailsPayload = {
    school_name: t(f.schoolName),
    payee_name: t(f.payeeName),
    mailing_address: t(f.mailingAddress),
    city: t(f.schoolCity),
    state: t(f.schoolState),
    zip_code: t(f.schoolZipCode),
    student_full_name: t(f.studentFullName),
    student_id: t(f.studentId),
    term_reference: t(f.termReference),
    student_email: t(f.studentEmail),
  };
  if (t(f.deliveryInstructions)) d.delivery_instructions = t(f.deliveryInstructions);
  return d;
}

/** senderName is the payer's name as typed in step 1. */
export function senderName(f: WizardForm): string {
  return `${f.firstName.trim()} ${f.lastName.trim()}`.trim();
}

// The identity and bank-account request bodies, built from the forms'
// values (the wizard's steps 1 and 2, and the dashboard's Payment tab).

import type { CustomerPayload } from '../api/create-customer';
import type { ExternalAccountPayload } from '../api/create-external-account';
import type { Country } from './country';
import type { BankDetails, PersonalInfo } from './validation';

/** customerPayload builds POST /api/create-customer from step 1 (phone as digits only). */
export function customerPayload(f: PersonalInfo, country: Country): CustomerPayload {
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

/** externalAccountPayload builds POST /api/create-external-account from step 2. */
export function externalAccountPayload(f: BankDetails, customerId: string): ExternalAccountPayload {
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

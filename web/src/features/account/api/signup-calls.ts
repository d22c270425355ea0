import { call, type SignInAnswer } from './account-api';
import type { SignUpForm } from '../signup-model';
import { isoFromDob } from '../signup-model';

/** customerPayload is the sign-up's customer payload (spec section 3). */
export function customerPayload(f: SignUpForm) {
  const country = f.country === 'mexico' ? 'mexico' : 'brazil';
  return {
    first_name: f.firstName.trim(),
    last_name: f.lastName.trim(),
    email: f.email.trim(),
    phone_number: f.phone.trim(),
    type: 'individual',
    date_of_birth: isoFromDob(f.dateOfBirth),
    identity_documents: [{ type: 'national_id', value: f.taxId.trim(), country }],
    address: { street_line_1: f.streetAddress.trim(), city: f.city.trim(), state: f.state.trim(), postal_code: f.zipCode.trim(), country },
  };
}

/** bankAccountPayload is the optional US bank account, without the customer it will belong to. */
export function bankAccountPayload(f: SignUpForm) {
  return {
    account_name: f.accountHolderName.trim(),
    beneficiary_name: f.accountHolderName.trim(),
    bank_name: f.bankName.trim(),
    bank_account_number: f.accountNumber.trim(),
    routing_number: f.routingNumber.trim(),
    address: { street_line_1: f.bankStreetAddress.trim(), city: f.bankCity.trim(), state: f.bankState.trim(), postal_code: f.bankZipCode.trim(), country: 'USA' },
  };
}

/** createSignUpCustomer sends the customer once the account exists. */
export function createSignUpCustomer(f: SignUpForm) {
  return call<{ customer_id?: string }>('POST', '/api/create-customer', customerPayload(f));
}

/** createSignUpAccount sends the optional US bank account. */
export function createSignUpAccount(f: SignUpForm, customerId: string) {
  return call<{ external_account_id?: string }>('POST', '/api/create-external-account', { customer_id: customerId, ...bankAccountPayload(f) });
}

/**
 * signUpWithProfile creates the account; the server checks the payer
 * profile and the bank account first and creates nothing when one is
 * invalid (issue 26 item 8).
 */
export function signUpWithProfile(f: SignUpForm) {
  return call<SignInAnswer>('POST', '/api/signup', {
    email: f.email,
    password: f.password,
    customer: customerPayload(f),
    ...(f.hasUSBankAccount ? { bank_account: bankAccountPayload(f) } : {}),
  });
}

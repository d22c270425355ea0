import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formFieldOf } from './server-fields';

// The wizard decides from the server's code and field, never from its English.
describe('server fields to form fields', () => {
  it.each([
    ['customer', 'identity_documents', 'taxId'],
    ['customer', 'identity_documents.0.value', 'taxId'],
    ['customer', 'email', 'email'],
    ['customer', 'date_of_birth', 'dateOfBirth'],
    ['customer', 'phone_number', 'phone'],
    ['customer', 'address.city', 'city'],
    ['account', 'routing_number', 'routingNumber'],
    ['account', 'bank_account_number', 'accountNumber'],
    ['account', 'address.city', 'bankCity'],
    ['quote', 'amount_usd', 'amountUSD'],
    ['payment', 'sender_document', 'taxId'],
    ['payment', 'check_details.student_email', 'studentEmail'],
  ] as const)('%s %s -> %s', (request, field, want) => {
    expect(formFieldOf(request, new ApiError(400, 'any words at all', 'invalid_request', field))).toBe(want);
  });

  it('needs a field, not words', () => {
    expect(formFieldOf('customer', new ApiError(400, 'Please enter a valid email address', 'email_invalid'))).toBeNull();
    expect(formFieldOf('customer', new Error('email'))).toBeNull();
    expect(formFieldOf('account', new ApiError(400, 'x', 'invalid_request', 'nonsense'))).toBeNull();
  });
});

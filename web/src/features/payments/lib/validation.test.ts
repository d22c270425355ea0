import { describe, expect, it } from 'vitest';
import { t } from '../test/i18n';
import {
  bankSchema,
  belowMinimum,
  canContinueDelivery,
  checkAmount,
  cleanCurp,
  firstIssue,
  paymentPreflight,
  personalInfoSchema,
  referralEmails,
  schoolSchema,
  type PaymentPreflight,
  type PersonalInfo,
} from './validation';

const ana: PersonalInfo = {
  firstName: 'Ana',
  lastName: 'Souza',
  documentType: 'national_id',
  taxId: '529.982.247-25',
  email: 'ana@example.com',
  dateOfBirth: '1990-05-10',
  phone: '+55 11 98765-4321',
  country: 'brazil',
  streetAddress: 'Rua Augusta 1500',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01304-001',
};

function personalMessage(v: Partial<PersonalInfo>, country: 'brazil' | 'mexico' = 'brazil') {
  return firstIssue(personalInfoSchema(t, country).safeParse({ ...ana, ...v }));
}

describe('step 1: personal information', () => {
  it('accepts a complete profile', () => {
    expect(personalMessage({})).toBeNull();
  });

  it('lists every missing field by its label, in form order', () => {
    expect(personalMessage({ firstName: '', taxId: ' ', zipCode: '' })).toBe(
      'Please fill in all required fields: First Name, Tax ID (CPF), ZIP/Postal Code',
    );
    expect(personalMessage({ taxId: '' }, 'mexico')).toBe('Please fill in all required fields: Tax ID (CURP)');
  });

  it('marks each missing field', () => {
    const r = personalInfoSchema(t, 'brazil').safeParse({ ...ana, city: '', state: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(['city', 'state']);
  });

  it('needs an @ in the e-mail', () => {
    expect(personalMessage({ email: 'ana.example.com' })).toBe('Please enter a valid email address');
  });

  it('needs the date of birth as YYYY-MM-DD', () => {
    expect(personalMessage({ dateOfBirth: '10/05/1990' })).toBe('Date of Birth must be in YYYY-MM-DD format');
    expect(personalMessage({ dateOfBirth: '1990-5-10' })).toBe('Date of Birth must be in YYYY-MM-DD format');
  });

  it('needs a digit in the phone number', () => {
    expect(personalMessage({ phone: '+() -' })).toBe('Phone number must contain at least one digit');
  });

  it('reports missing fields before anything else', () => {
    expect(personalMessage({ email: 'bad', lastName: '' })).toBe('Please fill in all required fields: Last Name');
  });
});

describe('step 2: delivery method and bank details', () => {
  const bank = {
    accountHolderName: 'Ana Souza',
    bankName: 'Chase',
    bankStreetAddress: '383 Madison Ave',
    bankCity: 'New York',
    bankState: 'NY',
    bankZipCode: '10179',
    routingNumber: '021000021',
    accountNumber: '000123456789',
  };

  it('requires every bank field, the address included', () => {
    expect(firstIssue(bankSchema(t).safeParse(bank))).toBeNull();
    expect(firstIssue(bankSchema(t).safeParse({ ...bank, bankCity: '' }))).toBe(
      'Please fill in all bank account details including bank address',
    );
  });

  it('does not check the routing number length (the server checks the ABA checksum)', () => {
    expect(firstIssue(bankSchema(t).safeParse({ ...bank, routingNumber: '123' }))).toBeNull();
  });

  it('enables Continue only with a method and, for a bank transfer, routing, account and holder', () => {
    const some = { routingNumber: '021000021', accountNumber: '1234', accountHolderName: 'Ana' };
    expect(canContinueDelivery('', some, false)).toBe(false);
    expect(canContinueDelivery('check-to-school', { routingNumber: '', accountNumber: '', accountHolderName: '' }, false)).toBe(true);
    expect(canContinueDelivery('usd-bank-transfer', some, false)).toBe(true);
    expect(canContinueDelivery('usd-bank-transfer', { ...some, accountHolderName: '' }, false)).toBe(false);
    expect(canContinueDelivery('usd-bank-transfer', { routingNumber: '', accountNumber: '', accountHolderName: '' }, true)).toBe(true);
  });
});

describe('step 3: school and student', () => {
  const school = {
    schoolName: 'Harvard University',
    payeeName: 'Harvard University',
    mailingAddress: '1350 Massachusetts Ave',
    schoolCity: 'Cambridge',
    schoolState: 'MA',
    schoolZipCode: '02138',
    deliveryInstructions: '',
    studentFullName: 'Bruno Souza',
    studentId: 'HU-1',
    termReference: 'Fall 2025',
    studentEmail: 'bruno@example.com',
  };
  it('requires all but the delivery instructions', () => {
    expect(firstIssue(schoolSchema(t).safeParse(school))).toBeNull();
    expect(firstIssue(schoolSchema(t).safeParse({ ...school, studentId: '' }))).toBe('Please fill in all school and student details');
    expect(firstIssue(schoolSchema(t).safeParse({ ...school, studentEmail: 'x' }))).toBe('Please enter a valid email address');
  });
});

describe('step 4: amount', () => {
  it('accepts a number greater than 0', () => {
    expect(checkAmount('250', 'USD', t)).toEqual({ ok: true, value: 250 });
    expect(checkAmount('1.355,59', 'BRL', t)).toEqual({ ok: true, value: 1355.59 });
  });

  it('names the currency in the message', () => {
    expect(checkAmount('0', 'USD', t)).toEqual({ ok: false, message: 'Please enter a valid USD amount' });
    expect(checkAmount('abc', 'BRL', t)).toEqual({ ok: false, message: 'Please enter a valid BRL amount' });
    expect(checkAmount('-5', 'MXN', t)).toEqual({ ok: false, message: 'Please enter a valid MXN amount' });
    expect(checkAmount('', 'USD', t)).toEqual({ ok: false, message: 'Please enter a valid USD amount' });
  });

  it('takes at most 2 decimals in USD', () => {
    expect(checkAmount('10.999', 'USD', t).ok).toBe(false);
    expect(checkAmount('10.99', 'USD', t).ok).toBe(true);
  });

  it('applies the Brazil minimum of USD 16 only where there is one', () => {
    expect(belowMinimum(15.99, 16)).toBe(true);
    expect(belowMinimum(16, 16)).toBe(false);
    expect(belowMinimum(1, null)).toBe(false);
  });
});

describe('step 5: before the payment', () => {
  const pix: PaymentPreflight = {
    method: 'pix',
    authorized: true,
    onRampQuoteId: 'qt_on',
    offRampQuoteId: 'qt_off',
    hasQuote: true,
    senderName: 'Ana Souza',
    taxId: '529.982.247-25',
    customerId: 'cus_1',
    walletAddress: '0xabc',
    walletId: 'wal_1',
  };

  it('passes when everything is there', () => {
    expect(paymentPreflight(pix, t)).toBeNull();
    expect(paymentPreflight({ ...pix, method: 'spei', taxId: 'boxw-310820-hnerxn09' }, t)).toBeNull();
  });

  it('asks for the authorization first', () => {
    expect(paymentPreflight({ ...pix, authorized: false, onRampQuoteId: null }, t)).toEqual({
      title: 'authorization',
      message: 'Authorization Required – Please agree to the authorization to proceed with the payment.',
    });
  });

  it('needs both stored quote ids', () => {
    expect(paymentPreflight({ ...pix, offRampQuoteId: null }, t)?.message).toBe('No valid quote found. Please generate a new quote.');
  });

  it('checks the PIX sender and CPF length', () => {
    expect(paymentPreflight({ ...pix, senderName: ' ' }, t)?.message).toBe(
      'Sender information (name and tax ID) is required for PIX payment.',
    );
    expect(paymentPreflight({ ...pix, taxId: '123.456' }, t)?.message).toBe(
      'Invalid CPF format. CPF must have 11-18 digits, but got 6 digits.',
    );
    expect(paymentPreflight({ ...pix, walletAddress: null }, t)?.message).toBe('No wallet address found. Please try again.');
    expect(paymentPreflight({ ...pix, hasQuote: false }, t)?.message).toBe('No quote available. Please generate a quote first.');
    expect(paymentPreflight({ ...pix, customerId: null }, t)?.message).toBe(
      'No customer ID found. Please create a customer profile first.',
    );
  });

  it('checks the SPEI sender, CURP length and wallet id', () => {
    const spei = { ...pix, method: 'spei' as const, taxId: 'BOXW310820HNERXN09' };
    expect(paymentPreflight({ ...spei, taxId: '' }, t)?.message).toBe(
      'Sender information (name and CURP) is required for SPEI payment.',
    );
    expect(paymentPreflight({ ...spei, taxId: 'BOXW310820HNERXN0' }, t)?.message).toBe(
      'Invalid CURP format. CURP must have 18 characters, but got 17 characters: BOXW310820HNERXN0',
    );
    expect(paymentPreflight({ ...spei, walletId: null }, t)?.message).toBe('No wallet ID found. Please try again.');
  });

  it('cleans a CURP to A-Z and 0-9', () => {
    expect(cleanCurp(' boxw-310820 hnerxn09 ')).toBe('BOXW310820HNERXN09');
  });
});

describe('referrals', () => {
  it('counts only non-blank entries with an @', () => {
    expect(referralEmails(['', '  ', 'a@b.com', 'nope', ' c@d.org '])).toEqual(['a@b.com', 'c@d.org']);
  });
});


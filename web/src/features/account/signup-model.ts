// The sign-up wizard's form, its per-step completeness (Continue) and the
// submit checks of spec section 5, as pure functions.

import { checkDateOfBirth, localToday } from '@/features/payments/lib/date-input';
import { checkAba, checkBrazilTaxId, checkCurp } from '@/lib/taxid';

export type Country = 'brazil' | 'mexico';

export interface SignUpForm {
  email: string;
  password: string;
  confirmPassword: string;
  country: Country;
  firstName: string;
  lastName: string;
  documentType: 'cpf' | 'curp';
  taxId: string;
  dateOfBirth: string; // DD/MM/YYYY as typed
  phone: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  hasUSBankAccount: boolean;
  accountHolderName: string;
  bankName: string;
  bankStreetAddress: string;
  bankCity: string;
  bankState: string;
  bankZipCode: string;
  routingNumber: string;
  accountNumber: string;
}

export const emptyForm: SignUpForm = {
  email: '', password: '', confirmPassword: '', country: 'brazil', firstName: '', lastName: '', documentType: 'cpf',
  taxId: '', dateOfBirth: '', phone: '', streetAddress: '', city: '', state: '', zipCode: '', hasUSBankAccount: false,
  accountHolderName: '', bankName: '', bankStreetAddress: '', bankCity: '', bankState: '', bankZipCode: '',
  routingNumber: '', accountNumber: '',
};

/** SignUpPrefill: what the browser already knows of the person (the payment just made in this tab). */
export interface SignUpPrefill {
  country: Country;
  firstName: string;
  lastName: string;
  email: string;
  taxId: string;
  /** dateOfBirth: YYYY-MM-DD, as the payment wizard keeps it. */
  dateOfBirth: string;
  phone: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
}

/**
 * initialSignUpForm: Mexico (and the CURP) for an es-MX visitor, Brazil
 * otherwise; a guest who just paid in this browser finds what they typed
 * for the payment already filled in (their own details; the password is theirs to choose).
 */
export function initialSignUpForm(language: string, prefill: SignUpPrefill | null): SignUpForm {
  const country: Country = prefill?.country ?? (language === 'es-MX' ? 'mexico' : 'brazil');
  const base: SignUpForm = { ...emptyForm, country, documentType: country === 'mexico' ? 'curp' : 'cpf' };
  if (!prefill) return base;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(prefill.dateOfBirth);
  return {
    ...base,
    email: prefill.email, firstName: prefill.firstName, lastName: prefill.lastName, taxId: prefill.taxId,
    dateOfBirth: iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : '', phone: prefill.phone, streetAddress: prefill.streetAddress,
    city: prefill.city, state: prefill.state, zipCode: prefill.zipCode,
  };
}

export const bankFields = [
  'accountHolderName', 'bankName', 'bankStreetAddress', 'bankCity', 'bankState', 'bankZipCode', 'routingNumber', 'accountNumber',
] as const;

/** requiredLabels: the spec's '{Label} is required' checks, in order (label keys of the account namespace). */
export const requiredChecks: Array<[keyof SignUpForm, string]> = [
  ['firstName', 'labels.firstName'], ['lastName', 'labels.lastName'], ['email', 'labels.email'], ['phone', 'labels.phone'],
  ['dateOfBirth', 'labels.dateOfBirth'], ['documentType', 'labels.documentType'], ['taxId', 'labels.taxIdRequired'],
  ['country', 'labels.country'], ['streetAddress', 'labels.streetAddress'], ['city', 'labels.city'],
  ['state', 'labels.state'], ['zipCode', 'labels.zipCode'],
];

const filled = (v: string) => v.trim() !== '';

/** stepComplete enables Continue / Create Account. */
export function stepComplete(step: number, f: SignUpForm): boolean {
  switch (step) {
    case 1:
      return filled(f.email) && filled(f.password) && filled(f.confirmPassword) && f.password === f.confirmPassword;
    case 2:
      return [f.firstName, f.lastName, f.documentType, f.taxId, f.dateOfBirth, f.phone, f.country].every(filled);
    case 3:
      return [f.streetAddress, f.city, f.state, f.zipCode].every(filled);
    default:
      return !f.hasUSBankAccount || bankFields.every((k) => filled(f[k]));
  }
}

/** formatDob keeps digits, at most DD/MM/YYYY (10 characters), slashes inserted. */
export function formatDob(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** isoFromDob turns DD/MM/YYYY into YYYY-MM-DD (unchanged if incomplete). */
export function isoFromDob(dob: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : dob.trim();
}

/** firstMissing is the first required field left empty, for '{Label} is required'. */
export function firstMissing(f: SignUpForm): string | null {
  for (const [k, label] of requiredChecks) {
    const v = f[k];
    if (typeof v === 'string' && !filled(v)) return label;
  }
  return null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type SignUpErrors = Partial<Record<keyof SignUpForm, string>>;

/** MIN_PASSWORD: the server's password policy (internal/account) asks for 12 characters. */
export const MIN_PASSWORD = 12;

/** stepFields: the fields each step shows and checks, in screen order. */
export function stepFields(step: number, f: SignUpForm): Array<keyof SignUpForm> {
  switch (step) {
    case 1:
      return ['email', 'password', 'confirmPassword'];
    case 2:
      return ['firstName', 'lastName', 'taxId', 'dateOfBirth', 'phone'];
    case 3:
      return ['streetAddress', 'city', 'state', 'zipCode'];
    default:
      return f.hasUSBankAccount ? [...bankFields] : [];
  }
}

const labelKey = (k: keyof SignUpForm, f: SignUpForm) => (k === 'taxId' ? `labels.${f.documentType}` : `labels.${k}`);

/**
 * checkSignUpField is the one message for a field (shown under it), or
 * null when it holds: the rules the server applies when the form is sent
 * (internal/taxid's check digits, the date of birth's rule, the phone's
 * digits, the password's length), so nothing is created before they hold.
 */
export function checkSignUpField(k: keyof SignUpForm, f: SignUpForm, t: Translate, today: string = localToday()): string | null {
  const v = f[k];
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (s === '') return k === 'confirmPassword' ? t('signup.confirmRequired') : t('signup.required', { label: t(labelKey(k, f)) });
  switch (k) {
    case 'email':
      return /^[^@\s]+@[^@\s]+$/.test(s) ? null : t('signup.invalid.email');
    case 'password':
      return v.length < MIN_PASSWORD ? t('signup.invalid.passwordShort', { n: MIN_PASSWORD }) : null;
    case 'confirmPassword':
      return v !== f.password ? t('signup.passwordsMismatch') : null;
    case 'taxId': {
      const problem = f.country === 'mexico' ? checkCurp(s) : checkBrazilTaxId(s);
      return problem ? t(`signup.invalid.${f.country === 'mexico' ? 'curp' : 'cpf'}.${problem}`) : null;
    }
    case 'dateOfBirth': {
      const problem = checkDateOfBirth(isoFromDob(s), today);
      return problem ? t(`signup.invalid.dateOfBirth.${problem}`) : null;
    }
    case 'phone': {
      const n = s.replace(/\D/g, '').length;
      return n < 8 || n > 15 ? t('signup.invalid.phone') : null;
    }
    case 'routingNumber':
      return checkAba(s) ? t('signup.invalid.routingNumber') : null;
    case 'accountNumber':
      return /^[\d -]+$/.test(s) && s.replace(/\D/g, '').length >= 4 && s.replace(/\D/g, '').length <= 17
        ? null
        : t('signup.invalid.accountNumber');
    default:
      return null;
  }
}

/** stepErrors: each field of the step that does not hold, with its one message. */
export function stepErrors(step: number, f: SignUpForm, t: Translate, today: string = localToday()): SignUpErrors {
  const out: SignUpErrors = {};
  for (const k of stepFields(step, f)) {
    const e = checkSignUpField(k, f, t, today);
    if (e) out[k] = e;
  }
  return out;
}

/** firstInvalidStep: the first step (1-4) with a field that does not hold, or null when the form can be sent. */
export function firstInvalidStep(f: SignUpForm, t: Translate, today: string = localToday()): number | null {
  for (const step of [1, 2, 3, 4]) {
    if (Object.keys(stepErrors(step, f, t, today)).length > 0) return step;
  }
  return null;
}

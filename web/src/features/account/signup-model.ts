// The sign-up wizard's form, its per-step completeness (Continue) and the
// submit checks of spec section 5, as pure functions.

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

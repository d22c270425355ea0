import { afterEach, describe, expect, it } from 'vitest';
import { wizardPayer, wizardStorageKey } from '@/features/payments/lib/wizard-session';
import { emptyForm, initialSignUpForm } from './signup-model';

afterEach(() => window.sessionStorage.clear());

// Issue 26, item 10: sign-up defaulted to Brazil for an es-MX visitor, and a
// guest who had just paid typed everything again.
describe('sign-up starts from what the browser knows', () => {
  it('defaults to Mexico and the CURP for an es-MX visitor, Brazil otherwise', () => {
    expect(initialSignUpForm('es-MX', null)).toEqual({ ...emptyForm, country: 'mexico', documentType: 'curp' });
    expect(initialSignUpForm('pt-BR', null)).toEqual(emptyForm);
    expect(initialSignUpForm('en', null)).toEqual(emptyForm);
  });

  it("pre-fills from the payment this tab's wizard made", () => {
    window.sessionStorage.setItem(wizardStorageKey('mexico'), JSON.stringify({
      v: 1, step: 7, customerId: 'cus_1', payment: { transaction_id: 'tx_1' },
      form: { firstName: 'Juan', lastName: 'Pérez', email: 'juan@example.com', taxId: 'HEGG560427MVZRRL04', dateOfBirth: '1956-04-27',
        phone: '+52 55 1234 5678', streetAddress: 'Av. Reforma 1', city: 'CDMX', state: 'CDMX', zipCode: '06600', accountNumber: '' },
    }));
    const f = initialSignUpForm('en', wizardPayer());
    expect(f).toMatchObject({ country: 'mexico', documentType: 'curp', email: 'juan@example.com', firstName: 'Juan', lastName: 'Pérez',
      taxId: 'HEGG560427MVZRRL04', dateOfBirth: '27/04/1956', phone: '+52 55 1234 5678', zipCode: '06600', password: '', accountNumber: '' });
  });

  it('offers nothing from a wizard that made no customer, or from unreadable storage', () => {
    window.sessionStorage.setItem(wizardStorageKey('brazil'), JSON.stringify({ v: 1, step: 1, customerId: null, form: { firstName: 'Ana' } }));
    expect(wizardPayer()).toBeNull();
    window.sessionStorage.setItem(wizardStorageKey('brazil'), '{not json');
    expect(wizardPayer()).toBeNull();
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { emptyForm, stepErrors } from './signup-model';
import { SignUpPage } from './signup-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('account');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = (k: string, o?: Record<string, unknown>) => i18next.getFixedT('en', 'account')(k, o);
const pw = 'correct horse battery staple';

/** renderSignUp mounts the wizard; every request it sends is recorded (none should be, here). */
function renderSignUp(partnerTerms = { required: false, accepted: false }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const body = url === '/api/partner-terms' && (init?.method ?? 'GET') === 'GET' ? partnerTerms : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <SignUpPage /> }], { initialEntries: ['/signup'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, posts: () => calls.filter((c) => !c.startsWith('GET')) };
}

/** errorOf is the message tied to a field (aria-describedby), or null. */
function errorOf(id: string): string | null {
  const el = document.getElementById(`${id}-error`);
  return el?.textContent ?? null;
}

async function fillStep1(user: ReturnType<typeof userEvent.setup>, password = pw) {
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm Password'), password);
}

// Issue 26, item 8: the wizard checked nothing but emptiness; the account
// was created, then the server's refusal sent the payer back with the
// message three times.
describe('sign-up checks each step before the next', { timeout: 30_000 }, () => {
  it('shows the 12-character rule under the password on step 1, when the field is left', async () => {
    const user = userEvent.setup({ delay: null });
    const r = renderSignUp();
    await fillStep1(user, 'short pass');
    expect(errorOf('password')).toBe('Password must be at least 12 characters');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 1 of 4', { exact: false })).toBeTruthy();
    expect(screen.getAllByText('Password must be at least 12 characters')).toHaveLength(1);
    expect(r.posts()).toEqual([]);
  });

  it('stops step 2 on an invalid CPF with one message under the field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const r = renderSignUp();
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('First Name'), 'Ana');
    await user.type(screen.getByLabelText('Last Name'), 'Souza');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-26');
    await user.type(screen.getByLabelText('Date of Birth'), '10051990');
    await user.type(screen.getByLabelText('Phone Number'), '+55 11 98765-4321');
    const message = 'This CPF is not valid: its check digits do not match. Please check the number.';
    // Checked when left (the phone took the focus from the date, the date from the CPF).
    expect(errorOf('taxId')).toBe(message);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 2 of 4', { exact: false })).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(document.activeElement?.id).toBe('taxId');
    expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
    expect(r.posts()).toEqual([]);
    // Corrected, the step lets the payer on.
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '529.982.247-25' } });
    expect(errorOf('taxId')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 3 of 4', { exact: false })).toBeTruthy();
  });

  it('stops step 4 on an invalid routing number: one message under it, no account created', async () => {
    const user = userEvent.setup({ delay: null });
    const r = renderSignUp();
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('First Name'), 'Ana');
    await user.type(screen.getByLabelText('Last Name'), 'Souza');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await user.type(screen.getByLabelText('Date of Birth'), '10051990');
    await user.type(screen.getByLabelText('Phone Number'), '+55 11 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const [label, v] of [['Street Address', 'Rua Augusta 1500'], ['City', 'São Paulo'], ['State/Province', 'SP'], ['ZIP/Postal Code', '01304-001']]) {
      await user.type(screen.getByLabelText(label!), v!);
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByLabelText('I have a US bank account to receive payments'));
    for (const [label, v] of [['Account Holder Name', 'Ana Souza'], ['Bank Name', 'Chase'], ['Bank Street Address', '383 Madison Ave'],
      ['Bank City', 'New York'], ['Bank State', 'NY'], ['Bank ZIP Code', '10179'], ['Routing Number', '021000022'], ['Account Number', '000123456789']]) {
      await user.type(screen.getByLabelText(label!), v!);
    }
    const message = 'This routing number is not valid: it must be the 9-digit ABA number of a US bank. Please check it.';
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Step 4 of 4', { exact: false })).toBeTruthy();
    expect(errorOf('routingNumber')).toBe(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(r.posts()).toEqual([]);
  });

  it('asks for the payment partner\'s terms on the last step, before anything is created (BlindPay)', async () => {
    const user = userEvent.setup({ delay: null });
    const r = renderSignUp({ required: true, accepted: false });
    await fillStep1(user);
    expect(screen.queryByRole('region', { name: "Our payment partner's terms" })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('First Name'), 'Ana');
    await user.type(screen.getByLabelText('Last Name'), 'Souza');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await user.type(screen.getByLabelText('Date of Birth'), '10051990');
    await user.type(screen.getByLabelText('Phone Number'), '+55 11 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const [label, v] of [['Street Address', 'Rua Augusta 1500'], ['City', 'São Paulo'], ['State/Province', 'SP'], ['ZIP/Postal Code', '01304-001']]) {
      await user.type(screen.getByLabelText(label!), v!);
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('region', { name: "Our payment partner's terms" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', true);
    expect(r.posts()).toEqual([]);
  });

  it('checks a CURP and a routing number with the server\'s check digits', () => {
    const mx = { ...emptyForm, country: 'mexico' as const, documentType: 'curp' as const, firstName: 'Juan', lastName: 'Pérez',
      taxId: 'HEGG560427MVZRRL05', dateOfBirth: '27/04/1956', phone: '+52 55 1234 5678' };
    expect(stepErrors(2, mx, t)).toEqual({ taxId: 'This CURP is not valid: its check digit does not match. Please check it.' });
    expect(stepErrors(2, { ...mx, taxId: 'HEGG560427MVZRRL04' }, t)).toEqual({});
    expect(stepErrors(2, { ...mx, taxId: 'HEGG560427MVZRRL04', dateOfBirth: '27/04/2020' }, t)).toEqual({ dateOfBirth: 'You must be at least 18 years old' });
    expect(stepErrors(4, { ...emptyForm, hasUSBankAccount: false }, t)).toEqual({});
  });
});

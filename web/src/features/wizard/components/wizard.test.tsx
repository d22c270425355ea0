import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '@/components/ui/toast-store';
import { brazil, mexico, type CountryConfig } from '@/features/payments/lib/country';
import { testI18n } from '@/features/payments/test/i18n';
import { findDialog } from '@/test/dialog';
import { Wizard } from './wizard';

type Handler = (body: Record<string, unknown>) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

const customerOk = {
  customer_id: 'cus_1',
  wallet_id: 'wal_1',
  wallet_address: '0xabc',
  kyc_status: 'approved',
  existing_customer: false,
  existing_customer_found: false,
  existing_external_account: null,
  external_account_id: null,
  show_popup: false,
};

let routes: Record<string, Handler>;
let calls: Array<{ path: string; body: Record<string, unknown> }>;

beforeEach(() => {
  sessionStorage.clear();
  resetToasts();
  calls = [];
  routes = {
    'GET /api/config': () => ({ status: 200, body: { sandbox: true, quote_ttl_seconds: 300 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const handler = routes[`${method} ${path}`];
      const r = handler ? await handler(body) : { status: 404, body: { error: 'not found' } };
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

// Typing a whole form in jsdom takes a few seconds.
vi.setConfig({ testTimeout: 30_000 });

function renderWizard(config: CountryConfig = brazil) {
  const router = createMemoryRouter([{ path: '/', element: <Wizard config={config} /> }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const values: Array<[string, string]> = [
  ['First Name', 'Ana'],
  ['Last Name', 'Souza'],
  ['Tax ID (CPF)', '529.982.247-25'],
  ['Email', 'ana@example.com'],
  ['Phone Number', '+55 11 98765-4321'],
  ['Street Address', 'Rua Augusta 1500'],
  ['City', 'São Paulo'],
  ['State/Province', 'SP'],
  ['ZIP/Postal Code', '01304-001'],
];

async function fillStep1(user: ReturnType<typeof userEvent.setup>, skip?: string) {
  for (const [label, value] of values) {
    if (label !== skip) await user.type(screen.getByLabelText(label), value);
  }
  fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '1990-05-10' } });
}

function heading(name: string) {
  return screen.findByRole('heading', { level: 2, name });
}

function toastTexts() {
  return getToasts().map((t) => `${t.title}: ${t.description ?? ''}`);
}

describe('step 1', () => {
  it('ties every field to its label and keeps Continue disabled until all are filled', async () => {
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await heading('Individual Information');
    const next = screen.getByRole('button', { name: 'Continue to Delivery Method' });
    expect(next).toBeDisabled();
    await fillStep1(user, 'City');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('City'), ' ');
    expect(next).toBeEnabled();
    await user.click(next);
    // The toast and the field's error state arrive with the next render.
    await waitFor(() => expect(toastTexts()).toContain('Error: Please fill in all required fields: City'));
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.path === '/api/create-customer')).toBe(false);
  });

  it('moves on at once, and a failed customer brings the payer back with the form kept', async () => {
    let reject!: () => void;
    routes['POST /api/create-customer'] = () =>
      new Promise((resolve) => {
        reject = () =>
          resolve({
            status: 400,
            body: {
              error: 'Invalid CPF: the check digits do not match. Please check the number.',
              code: 'tax_id_invalid',
              field: 'identity_documents',
            },
          });
      });
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await heading('Individual Information');
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Delivery Method' }));

    const step2 = await heading('Choose Delivery Method');
    expect(step2).toHaveFocus();
    await act(async () => reject());
    await heading('Individual Information');
    expect(toastTexts()).toContain('Error: Invalid CPF: the check digits do not match. Please check the number.');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ana');
    await waitFor(() => expect(screen.getByLabelText('Tax ID (CPF)')).toHaveAttribute('aria-invalid', 'true'));
    // The server's field (not its words) put the message under the field it is about.
    expect(screen.getByLabelText('Tax ID (CPF)')).toHaveAccessibleDescription(
      'Invalid CPF: the check digits do not match. Please check the number.',
    );

    const sent = calls.find((c) => c.path === '/api/create-customer')?.body;
    expect(sent).toMatchObject({
      phone_number: '5511987654321',
      type: 'individual',
      date_of_birth: '1990-05-10',
      identity_documents: [{ type: 'national_id', value: '529.982.247-25', country: 'brazil' }],
      address: { country: 'brazil', postal_code: '01304-001' },
    });
  });
});

describe('step 2', () => {
  it('waits for the customer, then saves the bank account and goes to step 4', async () => {
    let finish!: () => void;
    routes['POST /api/create-customer'] = () => new Promise((resolve) => (finish = () => resolve({ status: 200, body: customerOk })));
    routes['POST /api/create-external-account'] = () => ({
      status: 200,
      body: { external_account_id: 'ext_1', bank_name: 'Chase', account_last4: '6789', bank_account_number: '****6789' },
    });
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await heading('Individual Information');
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Delivery Method' }));
    await heading('Choose Delivery Method');

    await user.click(screen.getByLabelText('USD to Your US Bank Account'));
    for (const [label, value] of [
      ['Account Holder Name', 'Ana Souza'],
      ['Bank Name', 'Chase'],
      ['Bank Street Address', '383 Madison Ave'],
      ['Bank City', 'New York'],
      ['Bank State', 'NY'],
      ['Bank ZIP Code', '10179'],
      ['Routing Number', '021000021'],
      ['Account Number', '000123456789'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Continue to Payment Details' }));
    expect(await screen.findByRole('button', { name: 'Creating your profile…' })).toBeDisabled();
    expect(calls.some((c) => c.path === '/api/create-external-account')).toBe(false);

    await act(async () => finish());
    await heading('Payment Amount and Method');
    expect(calls.find((c) => c.path === '/api/create-external-account')?.body).toMatchObject({
      customer_id: 'cus_1',
      account_name: "Ana Souza's USD Account",
      beneficiary_name: 'Ana Souza',
      bank_account_number: '000123456789',
      routing_number: '021000021',
      address: { country: 'USA', postal_code: '10179' },
    });
    expect(toastTexts()).toContain('External Account Saved: Your account at Chase ending in 6789 was saved.');
    expect(sessionStorage.getItem('crebit.wizard.brazil')).not.toContain('000123456789');
  });
});

describe('an existing customer', () => {
  it('is confirmed, and its bank account reused: the wizard jumps to step 4', async () => {
    routes['POST /api/create-customer'] = (body) =>
      body.use_existing_customer
        ? {
            status: 200,
            body: {
              ...customerOk,
              existing_customer: true,
              existing_external_account: { id: 'ext_9', bank_name: 'Chase', bank_account_number: '****6789' },
              external_account_id: 'ext_9',
            },
          }
        : {
            status: 200,
            body: {
              ...customerOk,
              existing_customer: true,
              show_popup: true,
              popup_title: 'Existing Customer Found',
              popup_message: 'You already created a profile with this tax ID.',
              popup_details: 'Ana Souza, ana@example.com',
              popup_question: 'Would you like to use your existing profile?',
            },
          };
    const user = userEvent.setup({ delay: null });
    renderWizard(mexico);
    await heading('Individual Information');
    for (const [label, value] of values) {
      await user.type(screen.getByLabelText(label === 'Tax ID (CPF)' ? 'Tax ID (CURP)' : label), label === 'Tax ID (CPF)' ? 'BOXW310820HNERXN09' : value);
    }
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '1931-08-20' } });
    await user.click(screen.getByRole('button', { name: 'Continue to Delivery Method' }));

    const popup = await findDialog('Existing Customer Found');
    expect(within(popup).getByText('Would you like to use your existing profile?')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Use Existing Profile' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/create-customer')[1]?.body).toEqual({
        use_existing_customer: true,
        existing_customer_id: 'cus_1',
      }),
    );

    const account = await findDialog('Existing Bank Account Found');
    expect(within(account).getByText(/Chase ending in 6789/)).toBeInTheDocument();
    await user.click(within(account).getByRole('button', { name: 'Use This Account' }));
    await heading('Payment Amount and Method');
    expect(toastTexts()).toEqual(
      expect.arrayContaining(['Existing Customer: Welcome back! Using your existing profile.', expect.stringMatching(/^Existing Account Found/)]),
    );
    const saved = JSON.parse(sessionStorage.getItem('crebit.wizard.mexico') ?? '{}') as Record<string, unknown>;
    expect(saved).toMatchObject({ selectedExternalAccountId: 'ext_9', useExistingAccount: true, customerId: 'cus_1' });
  });

  it('declining the bank account keeps the payer on step 2 with a New Account toast', async () => {
    routes['POST /api/create-customer'] = (body) => ({
      status: 200,
      body: body.use_existing_customer
        ? { ...customerOk, existing_external_account: { id: 'ext_9', bank_name: 'Chase', bank_account_number: '****6789' } }
        : { ...customerOk, show_popup: true, popup_title: 'Existing Customer Found' },
    });
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await heading('Individual Information');
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Delivery Method' }));
    await user.click(within(await findDialog('Existing Customer Found')).getByRole('button', { name: 'Use Existing Profile' }));
    await user.click(within(await findDialog('Existing Bank Account Found')).getByRole('button', { name: 'Add a New Account' }));
    await waitFor(() => expect(toastTexts()).toContain('New Account: Please enter the details of your US bank account.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Choose Delivery Method' })).toBeInTheDocument();
  });
});

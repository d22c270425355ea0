import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/toast-store';
import { PaymentCompletePage } from './payment-complete-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['info', 'common']);
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
let referralAnswer: () => Promise<Response>;
let customerAnswer: () => Response;

beforeEach(() => {
  fetchMock.mockReset();
  customerAnswer = () => json(200, { customer_id: 'cus_42' });
  referralAnswer = async () => json(200, { sent: 2, message: '2 referral(s) sent successfully.' });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/last-customer-id') return customerAnswer();
    if (url === '/api/referrals') return referralAnswer();
    return json(404, { error: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/payment-complete', element: <PaymentCompletePage /> }], {
    initialEntries: ['/payment-complete'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const emailInputs = () => screen.getAllByRole('textbox', { name: /Friend's email/ });
const referralCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/referrals');

describe('PaymentCompletePage', () => {
  it('shows what happens next, the timeline and the links', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Submitted!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByText('Within 5 minutes of your payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track Your Payment' })).toHaveAttribute('href', '/track');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:support@crebit\.io/);
    await screen.findByRole('textbox', { name: "Friend's email 1" });
  });

  it('adds and removes e-mail rows, always keeping at least one', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: "Friend's email 1" });
    expect(emailInputs()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    expect(emailInputs()).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: "Friend's email 3" })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: "Friend's email 1" }), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: "Friend's email 2" }), 'bia@example.com');
    await user.click(screen.getByRole('button', { name: "Remove friend's email 1" }));
    expect(emailInputs()).toHaveLength(2);
    expect(emailInputs()[0]).toHaveValue('bia@example.com');

    await user.click(screen.getByRole('button', { name: "Remove friend's email 2" }));
    expect(emailInputs()).toHaveLength(1);
    expect(emailInputs()[0]).toHaveValue('bia@example.com');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('refuses a list with no valid e-mail and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    const first = await screen.findByRole('textbox', { name: "Friend's email 1" });
    await user.type(first, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(screen.getByRole('textbox', { name: "Friend's email 2" }), 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));

    expect(await screen.findByText('No valid emails')).toBeInTheDocument();
    // The toast confirms; the message also sits under the first field (issue 16: toasts are never the only copy).
    expect(screen.getAllByText('Please enter at least one valid email address to refer someone.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: "Friend's email 1" })).toHaveAccessibleDescription(
      'Please enter at least one valid email address to refer someone.',
    );
    expect(referralCalls()).toHaveLength(0);
    expect(emailInputs()).toHaveLength(2);
  });

  it('sends the valid e-mails, shows the count of invites sent and resets the form', async () => {
    const user = userEvent.setup();
    let release: (r: Response) => void = () => {};
    referralAnswer = () => new Promise<Response>((r) => (release = r));
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: "Friend's email 1" }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(screen.getByRole('textbox', { name: "Friend's email 2" }), 'bad');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(screen.getByRole('textbox', { name: "Friend's email 3" }), ' bia@example.com.br ');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));

    expect(await screen.findByRole('button', { name: 'Sending Invites...' })).toBeDisabled();
    expect(referralCalls()).toHaveLength(1);
    const init = referralCalls()[0]![1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      customer_id: 'cus_42',
      emails: ['ana@example.com', 'bia@example.com.br'],
    });

    release(json(200, { sent: 2, message: '2 referral(s) sent successfully.' }));
    const title = await screen.findByText('Referrals submitted!');
    const toastEl = title.closest('li') ?? document.body;
    expect(within(toastEl as HTMLElement).getByText(/^2 invites sent\./)).toBeInTheDocument();

    await waitFor(() => expect(emailInputs()).toHaveLength(1));
    expect(emailInputs()[0]).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Invites' })).toBeEnabled();
  });

  it('shows the server error as a destructive toast and keeps the entries', async () => {
    const user = userEvent.setup();
    referralAnswer = async () => json(404, { error: 'Customer not found' });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: "Friend's email 1" }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findAllByText('Customer not found')).toHaveLength(2); // the toast and under the field
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(emailInputs()[0]).toHaveValue('ana@example.com');
  });

  it('explains that referrals need a payment profile when the session has none', async () => {
    customerAnswer = () => json(404, { error: 'No customer ID found in session' });
    renderPage();
    expect(await screen.findByText(/Referrals need a completed payment profile/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Friend's email/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Invites' })).not.toBeInTheDocument();
  });
});

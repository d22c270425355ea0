// Set-up through the HTTP API, so that a browser test starts where it means
// to test: a signed-up, verified account, or a completed payment, is one
// call here instead of a journey through screens another test already
// covers. Every call goes through page.request, which shares the page's
// cookies: what is made here belongs to the browser's session or account.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { password } from './account-helpers';

interface MailEntry {
  id: string;
  to: string;
  subject: string;
  text?: string;
}

async function ok(what: string, r: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return r.json() as Promise<Record<string, unknown>>;
}

/** mailWith waits for the newest local-mailbox message to `to` whose text contains `needle`. */
export async function mailWith(request: APIRequestContext, to: string, needle: string): Promise<MailEntry> {
  let found: MailEntry | undefined;
  await expect
    .poll(
      async () => {
        const list = (await ok('mailbox', await request.get('/api/sandbox/mailbox'))) as { messages: MailEntry[] };
        for (const m of list.messages.filter((m) => m.to.includes(to))) {
          const full = (await ok('mailbox message', await request.get(`/api/sandbox/mailbox/${m.id}`))) as unknown as MailEntry;
          if (full.text?.includes(needle)) {
            found = full;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} containing ${needle}`, timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** linkToken reads the token of a `path?token=` link in an e-mail's text. */
export function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  expect(m, `a ${path} link in:\n${text}`).not.toBeNull();
  return m![1]!;
}

/** verifiedAccount signs the page's browser (or a request context) up as `email` and confirms the address from the mailbox. */
export async function verifiedAccount(page: Page | APIRequestContext, email: string) {
  const request = 'request' in page ? page.request : page;
  await ok('signup', await request.post('/api/signup', { data: { email, password } }));
  const mail = await mailWith(request, email, '/verify-email?token=');
  await ok('verify-email', await request.post('/api/verify-email', { data: { token: linkToken(mail.text ?? '', '/verify-email') } }));
}

export interface PaymentOptions {
  /** amountUSD is the payment's USD amount as JSON number text (default 100). */
  amountUSD?: string;
  /** holder is the US bank account's beneficiary (default Ana Souza). */
  holder?: string;
  /** cpf is the payer's CPF (default a valid test CPF). */
  cpf?: string;
}

/**
 * completedPayment pays by Pix through the API, in the page's session or
 * account, to a new US bank account of the payer's (JPMorgan Chase Bank
 * ****6789), lets the sandbox receive the Pix and waits until the USD is
 * delivered. It returns the transaction id.
 */
export async function completedPayment(page: Page, opts: PaymentOptions = {}): Promise<string> {
  const txn = await awaitingPayment(page, opts);
  await ok('simulate', await page.request.post('/api/trigger-mock-webhook', { data: { transaction_id: txn, event: 'payin_completed' } }));
  await expect
    .poll(
      async () => {
        const st = (await ok('status', await page.request.get(`/api/webhook-status/${txn}`))) as { status?: { status?: string } };
        return st.status?.status;
      },
      { message: `payment ${txn} completed`, timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe('completed');
  return txn;
}

/** awaitingPayment creates a Pix payment through the API and returns its transaction id; it waits for the payer's Pix. */
export async function awaitingPayment(page: Page, opts: PaymentOptions = {}): Promise<string> {
  const { amountUSD = '100', holder = 'Ana Souza', cpf = '529.982.247-25' } = opts;
  const [first, ...rest] = holder.split(' ');
  const r = page.request;
  await acceptPartnerTerms(r);
  const customer = await ok(
    'create-customer',
    await r.post('/api/create-customer', {
      data: {
        first_name: first,
        last_name: rest.join(' ') || first,
        email: `payer.${Date.now()}@example.com`,
        phone_number: '5511987654321',
        type: 'individual',
        date_of_birth: '1990-05-10',
        identity_documents: [{ type: 'national_id', value: cpf, country: 'brazil' }],
        address: { street_line_1: 'Rua Augusta 1500', city: 'São Paulo', state: 'SP', postal_code: '01304-001', country: 'brazil' },
      },
    }),
  );
  if (!customer.wallet_address) {
    // A partner that verifies the payer after the customer is made (BlindPay) opens the wallet then.
    await expect
      .poll(async () => (await r.post('/api/create-wallet', { data: { customer_id: customer.customer_id } })).status(), {
        message: 'the partner verified the payer',
        timeout: 30_000,
        intervals: [250, 500, 1000],
      })
      .toBe(200);
    Object.assign(customer, await ok('create-wallet', await r.post('/api/create-wallet', { data: { customer_id: customer.customer_id } })));
  }
  const account = await ok(
    'create-external-account',
    await r.post('/api/create-external-account', {
      data: {
        customer_id: customer.customer_id,
        account_name: `${holder}'s USD Account`,
        beneficiary_name: holder,
        bank_name: 'JPMorgan Chase Bank',
        bank_account_number: '000123456789',
        routing_number: '021000021',
        address: { street_line_1: '383 Madison Avenue', city: 'New York', state: 'NY', postal_code: '10179', country: 'USA' },
      },
    }),
  );
  // The quote's exact local amount goes back as JSON number text, never through a float.
  const quoteRes = await r.post('/api/create-quote', { headers: { 'Content-Type': 'application/json' }, data: `{"symbol":"USDC/BRL","amount_usd":${amountUSD}}` });
  expect(quoteRes.status(), await quoteRes.text()).toBe(200);
  const quoteText = await quoteRes.text();
  const total = quoteText.match(/"total_local_amount":([0-9.]+)/)?.[1];
  const quote = JSON.parse(quoteText) as { on_ramp: { id: string } };
  expect(total, quoteText).toBeTruthy();
  const body =
    `{"amount_brl":${total},"customer_id":${JSON.stringify(customer.customer_id)},"wallet_address":${JSON.stringify(customer.wallet_address)},` +
    `"quote_id":${JSON.stringify(quote.on_ramp.id)},"sender_name":${JSON.stringify(holder)},"sender_document":${JSON.stringify(cpf)},` +
    `"external_account_id":${JSON.stringify(account.external_account_id)}}`;
  const pay = await ok('create-pix-payment', await r.post('/api/create-pix-payment', { headers: { 'Content-Type': 'application/json' }, data: body }));
  return pay.transaction_id as string;
}

/**
 * acceptPartnerTerms accepts the payment partner's terms for the request
 * context's session when the partner asks for them (BlindPay): it opens the
 * acceptance, posts the partner's page as the payer would, and waits for the
 * partner's confirmation. With a partner that asks for none it does nothing.
 */
export async function acceptPartnerTerms(r: APIRequestContext) {
  const status = (await ok('partner-terms', await r.get('/api/partner-terms'))) as { required: boolean; accepted: boolean };
  if (!status.required || status.accepted) return;
  const started = (await ok('partner-terms start', await r.post('/api/partner-terms', { data: { return_path: '/partner-terms-done' } }))) as { url: string };
  const page = new URL(started.url);
  const token = page.searchParams.get('session_token') ?? '';
  expect(token, started.url).not.toBe('');
  const accepted = await r.post(started.url, { form: { session_token: token }, maxRedirects: 0 });
  expect(accepted.status(), await accepted.text()).toBe(303);
  await expect
    .poll(async () => ((await ok('partner-terms', await r.get('/api/partner-terms'))) as { accepted: boolean }).accepted, {
      message: 'the partner confirmed the terms',
      timeout: 15_000,
    })
    .toBe(true);
}

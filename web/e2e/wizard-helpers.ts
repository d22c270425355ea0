// Shared steps and checks of the wizard browser tests.
import type { Page, Response } from '@playwright/test';
import jsQR from 'jsqr';
import { expect } from './fixtures';

export interface Person {
  firstName: string;
  lastName: string;
  taxId: string;
  email: string;
  dob: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

export const brazilPerson: Person = {
  firstName: 'Ana',
  lastName: 'Souza',
  taxId: '529.982.247-25',
  email: 'ana.souza@example.com',
  dob: '1990-05-10',
  phone: '+55 11 98765-4321',
  street: 'Rua Augusta 1500',
  city: 'São Paulo',
  state: 'SP',
  zip: '01304-001',
};

export const mexicoPerson: Person = {
  firstName: 'Juan',
  lastName: 'Pérez',
  taxId: 'BOXW310820HNERXN09',
  email: 'juan.perez@example.com',
  dob: '1931-08-20',
  phone: '+52 55 1234 5678',
  street: 'Av. Reforma 222',
  city: 'Ciudad de México',
  state: 'CDMX',
  zip: '06600',
};

/** toasts is the toast region (Radix also announces each toast once, elsewhere). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export async function expectToast(page: Page, text: string | RegExp, timeout?: number) {
  await expect(toasts(page).getByText(text).first()).toBeVisible(timeout ? { timeout } : undefined);
}

export function stepHeading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 2, name });
}

/** fillDateOfBirth types the 8 digits; the field shapes them into YYYY-MM-DD. */
export async function fillDateOfBirth(page: Page, iso: string) {
  const input = page.getByLabel('Date of Birth');
  if ((await input.getAttribute('type')) === 'date') {
    await input.fill(iso);
  } else {
    await input.fill('');
    await input.pressSequentially(iso.replace(/-/g, ''));
    await expect(input).toHaveValue(iso);
  }
}

/** fillPersonal fills the identity form and accepts the partner's terms where it asks for them (acceptPartnerTermsInPage). */
export async function fillPersonal(page: Page, p: Person, taxLabel: string) {
  await fillPersonalFields(page, p, taxLabel);
  await acceptPartnerTermsInPage(page);
}

/** fillPersonalFields fills the identity form's fields only (the terms step is the caller's: wizard-blindpay.spec). */
export async function fillPersonalFields(page: Page, p: Person, taxLabel: string) {
  await page.getByLabel('First Name').fill(p.firstName);
  await page.getByLabel('Last Name').fill(p.lastName);
  await page.getByLabel(taxLabel).fill(p.taxId);
  await page.getByLabel('Email').fill(p.email);
  await fillDateOfBirth(page, p.dob);
  await page.getByLabel('Phone Number').fill(p.phone);
  await page.getByLabel('Street Address').fill(p.street);
  await page.getByLabel('City').fill(p.city);
  await page.getByLabel('State/Province').fill(p.state);
  await page.getByLabel('ZIP/Postal Code').fill(p.zip);
}

/**
 * acceptPartnerTermsInPage accepts the payment partner's terms as a payer
 * does, when the partner asks for them (BlindPay) and the session has not
 * accepted them yet: the terms box next to the identity form (the wizards'
 * step 1, the dashboard's identity form) opens the partner's page in a new
 * tab, the payer accepts there, the tab lands on our thank-you page and the
 * box notices the partner's confirmation by itself. With a partner that asks
 * for none it does nothing. It finds the box by its heading's id, not its
 * text, so that it works in every language (the partner's page is English).
 */
export async function acceptPartnerTermsInPage(page: Page) {
  if (!(await partnerTermsPending(page))) return;
  const box = page.locator('section[aria-labelledby="partner-terms-heading"]');
  const tabOpened = page.context().waitForEvent('page');
  await box.getByRole('button').click();
  await acceptInPartnerTab(await tabOpened);
  // The box gives way to the confirmation once the partner confirmed.
  await expect(box).toHaveCount(0, { timeout: 15_000 });
}

/** partnerTermsPending: the partner asks for its terms and the page's session has not accepted them. */
export async function partnerTermsPending(page: Page): Promise<boolean> {
  const status = await page.request.get('/api/partner-terms');
  expect(status.ok(), `partner-terms: ${status.status()} ${await status.text()}`).toBe(true);
  const { required, accepted } = (await status.json()) as { required: boolean; accepted: boolean };
  return required && !accepted;
}

/** acceptInPartnerTab accepts on the partner's terms page (BlindPay's, in English), by keyboard, and closes its tab on our thank-you page. */
export async function acceptInPartnerTab(tab: Page) {
  await tab.waitForURL(/\/bpsandbox\/e\/terms-of-service\?/);
  await tab.getByRole('button', { name: 'Accept terms of service' }).focus();
  await tab.keyboard.press('Enter');
  await tab.waitForURL(/\/partner-terms-done\?tos_id=/);
  await tab.close();
}

export async function fillBank(page: Page, holder: string) {
  await page.getByLabel('Account Holder Name').fill(holder);
  await page.getByLabel('Bank Name').fill('JPMorgan Chase Bank');
  await page.getByLabel('Bank Street Address').fill('383 Madison Avenue');
  await page.getByLabel('Bank City').fill('New York');
  await page.getByLabel('Bank State').fill('NY');
  await page.getByLabel('Bank ZIP Code').fill('10179');
  await page.getByLabel('Routing Number').fill('021000021');
  await page.getByLabel('Account Number').fill('000123456789');
}

/** toAmountStep fills steps 1 and 2 of the Brazil wizard at `path` (a bank account) and stops on step 4. */
export async function toAmountStep(page: Page, email: string, path = '/get-started') {
  await page.goto(path);
  await fillPersonal(page, { ...brazilPerson, email }, 'Tax ID (CPF)');
  await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
  await page.getByLabel('USD to Your US Bank Account').check();
  await fillBank(page, 'Ana Souza');
  await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
  await expect(stepHeading(page, 'Payment Amount and Method')).toBeVisible();
}

/**
 * toAuthorizationStep takes a wizard (Brazil or Mexico, in English) to a
 * signed authorization on step 5 with a bank account and a USD amount, and
 * returns the quote's response. It checks nothing on the way: a test that
 * starts at the payment step uses it; the steps themselves have their own.
 */
export async function toAuthorizationStep(page: Page, country: 'brazil' | 'mexico', person: Person, amountUSD: string): Promise<Response> {
  await page.goto(country === 'brazil' ? '/get-started' : '/get-started-mexico');
  await fillPersonal(page, person, country === 'brazil' ? 'Tax ID (CPF)' : 'Tax ID (CURP)');
  await page.getByRole('button', { name: 'Continue to Delivery Method' }).click();
  await page.getByLabel('USD to Your US Bank Account').check();
  await fillBank(page, `${person.firstName} ${person.lastName}`);
  await page.getByRole('button', { name: 'Continue to Payment Details' }).click();
  await page.getByLabel('Amount in USD').fill(amountUSD);
  const quote = waitForQuote(page);
  await page.getByRole('button', { name: 'Get Locked Quote' }).click();
  await page.getByLabel('I have read and agree to this payment authorization.').check();
  return quote;
}

export function waitForApi(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
}

/**
 * waitForQuote waits for the quote the page itself asks for. The site
 * header also posts to /api/create-quote, a 1 USD rate probe per currency
 * once the page has loaded, and on a slow machine that can come after a
 * test's click.
 */
export function waitForQuote(page: Page): Promise<Response> {
  return page.waitForResponse((r) => {
    if (new URL(r.url()).pathname !== '/api/create-quote' || r.request().method() !== 'POST') return false;
    const body = JSON.parse(r.request().postData() ?? '{}') as { amount_usd?: unknown };
    return body.amount_usd !== 1;
  });
}

// ------------------------------------------------------------- BR Code (EMV QR)

/** crc16 is CRC-16/CCITT-FALSE, the BR Code checksum. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** parseEmv reads the top-level ID/length/value fields of a BR Code. */
export function parseEmv(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < code.length) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`bad EMV field at ${i}`);
    fields.set(id, code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

/** brCodeCrcValid checks field 63 against the CRC of everything before its value. */
export function brCodeCrcValid(code: string): boolean {
  const at = code.lastIndexOf('6304');
  return at > 0 && at + 8 === code.length && crc16(code.slice(0, at + 4)) === code.slice(at + 4).toUpperCase();
}

/** decodeQrImage reads the QR code drawn in an <img> with jsQR. */
export async function decodeQrImage(page: Page, selector: string): Promise<string> {
  const pixels = await page.locator(selector).evaluate(async (el) => {
    const img = el as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const result = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  if (!result) throw new Error('QR code could not be decoded');
  return result.data;
}

// ------------------------------------------------------------- CLABE

/** clabeCheckDigitValid: weights 3,7,1 over the first 17 digits; check = (10 - sum mod 10) mod 10. */
export function clabeCheckDigitValid(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * (weights[i % 3] ?? 1)) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** noHorizontalScroll: the page fits its viewport's width. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the viewport').toBeLessThanOrEqual(client);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, shot, expectAccessible } from './fixtures';
import { acceptPartnerTermsInPage, brazilPerson, mexicoPerson, stepHeading, waitForApi, waitForQuote, type Person } from './wizard-helpers';

// Issue 15: the Brazil wizard in Brazilian Portuguese and the Mexico wizard in
// Mexican Spanish, to completion, against the real binary. Labels and buttons
// come from the shipped locale files, so the test follows the translations;
// what it proves is that every step works in the language: the fields are
// labelled, amounts are read the way a person of that language types them,
// the server answers in the language, and no step falls back to English.

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
type Strings = Record<string, unknown>;
function load(lang: string, ns: string): Strings {
  return JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Strings;
}
/** s reads a dotted key of a locale file. */
function s(strings: Strings, key: string): string {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Strings | undefined)?.[k], strings);
  if (typeof v !== 'string') throw new Error(`no text at ${key}`);
  return v;
}
const en = load('en', 'wizard');

async function fillPersonal(page: Page, w: Strings, p: Person, country: 'brazil' | 'mexico') {
  const field = (key: string) => page.getByLabel(s(w, key), { exact: true });
  await field('fields.firstName').fill(p.firstName);
  await field('fields.lastName').fill(p.lastName);
  await field(`fields.taxId.${country}`).fill(p.taxId);
  await field('fields.email').fill(p.email);
  const dob = field('fields.dateOfBirth');
  await dob.fill('');
  await dob.pressSequentially(p.dob.replace(/-/g, ''));
  await expect(dob).toHaveValue(p.dob);
  await field('fields.phone').fill(p.phone);
  await field('fields.streetAddress').fill(p.street);
  await field('fields.city').fill(p.city);
  await field('fields.state').fill(p.state);
  await field('fields.zipCode').fill(p.zip);
  await acceptPartnerTermsInPage(page);
}

async function fillBank(page: Page, w: Strings, holder: string) {
  const field = (key: string) => page.getByLabel(s(w, `delivery.bankForm.${key}`), { exact: true });
  await field('accountHolderName').fill(holder);
  await field('bankName').fill('JPMorgan Chase Bank');
  await field('bankStreetAddress').fill('383 Madison Avenue');
  await field('bankCity').fill('New York');
  await field('bankState').fill('NY');
  await field('bankZipCode').fill('10179');
  await field('routingNumber').fill('021000021');
  await field('accountNumber').fill('000123456789');
}

/** noEnglishStep: none of the English step titles is on screen. */
async function expectNoEnglishSteps(page: Page) {
  const main = (await page.getByRole('main').textContent()) ?? '';
  for (const title of ['Individual Information', 'Choose Delivery Method', 'Payment Amount and Method', 'Payment Authorization Agreement', 'Payment Received', 'Transfer Complete']) {
    expect(main, `English "${title}" on a translated step`).not.toContain(title);
  }
}

const runs = [
  { lang: 'pt-BR', country: 'brazil', path: '/get-started', person: brazilPerson, typed: '1.250,50', usd: 1250.5, payApi: '/api/create-pix-payment', delivered: 'Seus dólares foram entregues' },
  { lang: 'es-MX', country: 'mexico', path: '/get-started-mexico', person: mexicoPerson, typed: '1,250.50', usd: 1250.5, payApi: '/api/create-spei-payment', delivered: 'Tus dólares fueron entregados' },
] as const;

type Run = (typeof runs)[number];

/**
 * toAuthorization takes the wizard in the run's language from step 1 to the
 * signed authorization on step 5. With `check`, every step is also checked
 * for English left over and for accessibility, and photographed.
 */
async function toAuthorization(page: Page, run: Run, check: boolean) {
  const w = load(run.lang, 'wizard');
  await page.goto(run.path);
  await expect(page.locator('html')).toHaveAttribute('lang', run.lang);

  // Step 1, in the language.
  await expect(stepHeading(page, s(w, 'steps.1'))).toBeVisible();
  await fillPersonal(page, w, run.person, run.country);
  if (check) {
    await expectNoEnglishSteps(page);
    await expectAccessible(page, `${run.lang} step 1`);
    await shot(page, `wizard-${run.lang}-step-1`);
  }
  await page.getByRole('button', { name: s(w, 'personal.continue') }).click();

  // Step 2: the bank account.
  await expect(stepHeading(page, s(w, 'steps.2'))).toBeVisible();
  await page.getByLabel(s(w, 'delivery.bank.title')).check();
  await fillBank(page, w, `${run.person.firstName} ${run.person.lastName}`);
  if (check) await expectAccessible(page, `${run.lang} step 2`);
  await page.getByRole('button', { name: s(w, 'delivery.continueBank') }).click();

  // Step 4: the amount is read the way this language writes it.
  await expect(stepHeading(page, s(w, 'steps.4'))).toBeVisible();
  await page.getByLabel(s(w, 'amount.usdLabel'), { exact: true }).fill(run.typed);
  if (check) {
    await expectNoEnglishSteps(page);
    await expectAccessible(page, `${run.lang} step 4`);
    await shot(page, `wizard-${run.lang}-step-4`);
  }
  const quote = waitForQuote(page);
  await page.getByRole('button', { name: s(w, 'amount.getQuote') }).click();
  expect(JSON.parse((await quote).request().postData() ?? '{}')).toMatchObject({ amount_usd: run.usd });

  // Step 5: the authorization, signed.
  await expect(stepHeading(page, s(w, 'steps.5'))).toBeVisible();
  await page.getByLabel(s(w, 'authorization.checkbox')).check();
  if (check) {
    await expectAccessible(page, `${run.lang} step 5`);
    await shot(page, `wizard-${run.lang}-step-5`);
  }
}

for (const run of runs) {
  const name = `the ${run.country === 'brazil' ? 'Brazil' : 'Mexico'} wizard in ${run.lang}`;

  test(`${name}, steps 1 to 5: every step in the language, the amount read as typed`, async ({ page, context, baseURL }) => {
    const w = load(run.lang, 'wizard');
    expect(s(w, 'steps.1')).not.toBe(s(en, 'steps.1'));
    await context.addCookies([{ name: 'crebit_lang', value: run.lang, url: baseURL! }]);
    await toAuthorization(page, run, true);
  });

  test(`${name}, steps 6 to 8: paying, received, complete, and the e-mail with its receipt`, async ({ page, context, baseURL }) => {
    const w = load(run.lang, 'wizard');
    await context.addCookies([{ name: 'crebit_lang', value: run.lang, url: baseURL! }]);
    await toAuthorization(page, run, false);
    const payment = waitForApi(page, run.payApi);
    await page.getByRole('button', { name: s(w, 'authorization.proceed') }).click();
    expect((await payment).status()).toBe(200);

    // Step 6: how to pay, then the sandbox pays.
    await expect(stepHeading(page, s(w, `steps.6.${run.country}`))).toBeVisible();
    await expect(page.getByText(s(w, `pay.statusWaiting.${run.country === 'brazil' ? 'pix' : 'spei'}`))).toBeVisible();
    await expectNoEnglishSteps(page);
    await expectAccessible(page, `${run.lang} step 6`);
    await shot(page, `wizard-${run.lang}-step-6`);
    await page.getByRole('button', { name: s(w, 'sandbox.simulatePayment') }).click();

    // Steps 7 and 8: received, then complete.
    await expect(stepHeading(page, s(w, 'steps.7'))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(s(w, 'status.completed'), { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, `${run.lang} step 7`);
    await page.getByRole('button', { name: s(w, 'received.continue'), exact: true }).click();
    await expect(stepHeading(page, s(w, 'steps.8.complete'))).toBeVisible();
    await expectNoEnglishSteps(page);
    await expectAccessible(page, `${run.lang} step 8`);
    await shot(page, `wizard-${run.lang}-step-8`);

    // The completion e-mail is in the payer's language and carries the PDF receipt.
    const mail = page.getByRole('link', { name: new RegExp(run.delivered) }).first();
    await expect(async () => {
      await page.goto('/sandbox-mailbox'); // the e-mail is sent by a job moments after completion
      await expect(mail).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await mail.click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(run.delivered) })).toBeVisible();
    await expect(page.getByRole('link', { name: /^crebit-receipt-txn_[a-z0-9]+\.pdf$/ })).toBeVisible();
  });
}

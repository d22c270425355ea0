import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect, shot, screenshotDir, shotsOn } from './fixtures';
import { password, uniqueEmail } from './account-helpers';
import { completedPayment } from './api';
import { acceptPartnerTermsInPage, stepHeading } from './wizard-helpers';

// Issue 26, "Done when": the three people of the issue walk the product in
// their language at 1280 and 360 px — a Brazilian parent in Portuguese, a
// Mexican student in Spanish, a guest who pays first and signs up after, in
// English. Each journey is short: what other specs cover step by step (the
// wizards to completion, Make a Payment) is set up through the API
// (e2e/api.ts); what the journey asserts is what that person reads on the
// way — the words of their language and the spec's, each field found by its
// label — and the screens are photographed under test-results/screenshots.
// The Portuguese and Spanish texts are written out here, not read from the
// locale files, so an English text left on their pages fails the journey.

async function inLanguage(context: BrowserContext, baseURL: string | undefined, lang: string) {
  await context.addCookies([{ name: 'crebit_lang', value: lang, url: baseURL! }]);
}

/** headerLink follows a header link: on the desktop row, or through the menu button at phone width. */
async function headerLink(page: Page, mobile: boolean, menuLabel: string, name: string) {
  if (mobile) {
    await page.getByRole('button', { name: menuLabel, exact: true }).click();
    await page.locator('#mobile-menu').getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation').first().getByRole('link', { name, exact: true }).click();
  }
}

/** part photographs one element (a full page of the home is too long to look at). */
async function part(el: Locator, name: string) {
  if (!shotsOn) return;
  // Sections fade in when they scroll into view: photograph them faded in.
  // (Only transitions: the page has endless animations, a pulsing dot among them.)
  await el.page().waitForFunction(
    () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
    undefined,
    { polling: 50 },
  );
  await el.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * noSidewaysScroll: nothing is wider than the window, and no button or
 * button-styled link clips its words (a label that wraps to two lines in a
 * fixed-height button spills out of it: es-MX "Llenar el formulario de
 * elegibilidad" on /scholarships at 1280 px did).
 */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"], a[class*="rounded"], select'))
      .filter((el) => el.getBoundingClientRect().height > 0)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => `"${(el.textContent ?? '').trim().slice(0, 50)}" ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`),
  );
  expect(clipped, 'controls that clip their text').toEqual([]);
}

interface SignUp {
  labels: Record<string, string>;
  next: string;
  create: string;
  hasBank: string;
  taxId: string;
  dob: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** signUp goes through the four steps of /signup in the page's language and creates the account. */
async function signUp(page: Page, s: SignUp, email: string, first: string, last: string) {
  const field = (k: string) => page.getByLabel(s.labels[k]!, { exact: true });
  await expect(field('email')).toBeVisible();
  await field('email').fill(email);
  await field('password').fill(password);
  await field('confirmPassword').fill(password);
  await page.getByRole('button', { name: s.next, exact: true }).click();
  await field('firstName').fill(first);
  await field('lastName').fill(last);
  await field('taxId').fill(s.taxId);
  await field('dateOfBirth').pressSequentially(s.dob);
  await field('phone').fill(s.phone);
  await page.getByRole('button', { name: s.next, exact: true }).click();
  await field('streetAddress').fill(s.street);
  await field('city').fill(s.city);
  await field('state').fill(s.state);
  await field('zipCode').fill(s.zip);
  await page.getByRole('button', { name: s.next, exact: true }).click();
  await page.getByLabel(s.hasBank).check();
  await field('accountHolderName').fill(`${first} ${last}`);
  await field('bankName').fill('JPMorgan Chase Bank');
  await field('bankStreetAddress').fill('383 Madison Avenue');
  await field('bankCity').fill('New York');
  await field('bankState').fill('NY');
  await field('bankZipCode').fill('10179');
  await field('routingNumber').fill('021000021');
  await field('accountNumber').fill('000123456789');
  // The payment partner's terms (BlindPay) come on the last step, before the account's payer profile is made.
  await acceptPartnerTermsInPage(page);
}

for (const width of [1280, 360]) {
  const mobile = width < 768;

  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: mobile ? 780 : 900 } });

    test(`a Brazilian parent, in Portuguese: the home page, sign-up with a US bank account, a payment on the dashboard (${width} px)`, async ({ page, context, baseURL }) => {
      await inLanguage(context, baseURL, 'pt-BR');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      await expect(page.getByRole('heading', { level: 1, name: 'Pague a faculdade nos EUA em reais ou pesos.' })).toBeVisible();

      // The product preview and the updates sign-up speak Portuguese (issue 26 item 11).
      const preview = page.getByRole('img', { name: /^Prévia do painel da Crebit/ });
      await preview.scrollIntoViewIfNeeded();
      await expect(preview).toContainText('Câmbio ao vivo, travado por 5 minutos');
      await expect(preview).toContainText('R$ 3.412,80');
      await expect(preview).toContainText('Em até 3 horas em dia útil');
      await part(preview, `journey-pt-BR-preview-${width}`);
      const updates = page.getByRole('region', { name: 'Receba as novidades da Crebit' });
      await updates.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('novidades'));
      await updates.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(updates.getByRole('status')).toHaveText('Pronto! Você vai receber as novidades da Crebit por e-mail.');
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-pt-BR-home-${width}`);

      // Sign-up, from the header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await headerLink(page, mobile, 'Menu', 'Criar conta');
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Crie sua conta' })).toBeVisible();
      const s: SignUp = {
        labels: { email: 'E-mail', password: 'Senha', confirmPassword: 'Confirmar senha', firstName: 'Nome', lastName: 'Sobrenome', taxId: 'CPF',
          dateOfBirth: 'Data de nascimento', phone: 'Telefone', streetAddress: 'Endereço', city: 'Cidade', state: 'Estado/Província',
          zipCode: 'CEP/Código postal', accountHolderName: 'Nome do titular da conta', bankName: 'Nome do banco', bankStreetAddress: 'Endereço do banco',
          bankCity: 'Cidade do banco', bankState: 'Estado do banco', bankZipCode: 'CEP do banco', routingNumber: 'Número de roteamento (ABA)',
          accountNumber: 'Número da conta' },
        next: 'Continuar', create: 'Criar conta', hasBank: 'Tenho uma conta bancária nos EUA para receber pagamentos',
        taxId: '529.982.247-25', dob: '10051980', phone: '+55 11 98765-4321', street: 'Rua Augusta 1500', city: 'São Paulo', state: 'SP', zip: '01304-001',
      };
      const email = uniqueEmail('mae');
      await signUp(page, s, email, 'Marta', 'Souza');
      // The routing number is named in Portuguese, its hint too, and a wrong one is said under it when left.
      const routing = page.getByLabel('Número de roteamento (ABA)', { exact: true });
      await expect(routing).toHaveAccessibleDescription(/Número ABA de 9 dígitos/);
      await routing.fill('021000022');
      await page.getByLabel('Número da conta', { exact: true }).click();
      await expect(page.locator('#routingNumber-error')).toHaveText(
        'Este número de roteamento não é válido: deve ser o número ABA de 9 dígitos de um banco dos EUA. Confira.',
      );
      await routing.fill('021000021');
      await expect(page.locator('#routingNumber-error')).toHaveCount(0);
      await expect(page.getByText('Etapa 4 de 4')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-pt-BR-signup-bank-${width}`);
      await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
      await expect(page.getByText('Conta criada com sucesso! Boas-vindas à Crebit.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

      // A payment made in the account (the wizard to completion is wizard-*.spec's) shows on the dashboard, in reais and dollars written the Brazilian way.
      await completedPayment(page, { holder: 'Marta Souza' });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Painel Crebit' })).toBeVisible();
      await expect(page.getByText('Gerencie seus pagamentos e transferências internacionais')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Transações recentes' })).toBeVisible();
      await expect(page.getByText('Concluído').first()).toBeVisible();
      await expect(page.getByText(/US\$\s?100,00/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Indique amigos e ganhe US$ 100' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-pt-BR-dashboard-${width}`);
    });

    test(`a Mexican student, in Spanish: scholarships from the header, eligibility known from Quick Match in another tab, the Mexico wizard (${width} px)`, async ({ page, context, baseURL }) => {
      await inLanguage(context, baseURL, 'es-MX');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
      await expect(page.getByRole('heading', { level: 1, name: 'Paga tu colegiatura en EE. UU. en reales o pesos.' })).toBeVisible();
      const preview = page.getByRole('img', { name: /^Vista previa del panel de Crebit/ });
      await preview.scrollIntoViewIfNeeded();
      await expect(preview).toContainText('Pago SPEI recibido');
      await expect(preview).toContainText('MX$11,630.50');
      await part(preview, `journey-es-MX-preview-${width}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await headerLink(page, mobile, 'Menú', 'BECAS');
      await expect(page).toHaveURL(/\/scholarships$/);
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-es-MX-scholarships-${width}`);

      // Quick Match answered in this browser (the form itself is quick-match-page's test)…
      const saved = await page.request.put('/api/scholarships/profile', {
        data: { raceEthnicityTags: ['hispanic_latino'], genderIdentityTags: ['woman'], firstGen: 'yes', gpaCurrent: 8.7, gpaScale: '10.0' },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      // …is known to the eligibility form opened in another tab (issue 26 item 10).
      const tab = await context.newPage();
      await tab.goto('/scholarship-eligibility');
      await expect(tab.getByRole('heading', { level: 1, name: 'Elegibilidad para becas' })).toBeVisible();
      await expect(tab.getByTestId('prefilled-note')).toHaveText(
        'Llenamos lo que ya nos dijiste en Quick Match (raza, género, primera generación, GPA). Cambia lo que no sea correcto.',
      );
      await expect(tab.getByLabel('Raza / etnia')).toHaveValue('hispanic_latino');
      await expect(tab.getByLabel('Género')).toHaveValue('woman');
      await expect(tab.getByLabel('Promedio (GPA)', { exact: true })).toHaveValue('8.7/10');
      await expect(tab.getByRole('group', { name: '¿Primera generación en la universidad?' }).getByRole('radio', { name: 'Sí' })).toBeChecked();
      await expectNoSidewaysScroll(tab);
      await shot(tab, `journey-es-MX-eligibility-${width}`);
      await tab.close();

      // The Mexico wizard: the KYC notice and the US bank form in Spanish (paying is i18n-wizards.spec's).
      await page.goto('/get-started-mexico');
      await expect(stepHeading(page, 'Datos personales')).toBeVisible();
      await expect(page.getByText('Nuestro socio con licencia verifica tu identidad por cumplimiento normativo (KYC/PLD).', { exact: false })).toBeVisible();
      const field = (label: string) => page.getByLabel(label, { exact: true });
      await field('Nombre(s)').fill('Lucía');
      await field('Apellidos').fill('Hernández');
      await field('CURP').fill('BOXW310820HNERXN09');
      await field('Correo electrónico').fill(uniqueEmail('lucia'));
      await field('Fecha de nacimiento').pressSequentially('19310820');
      await field('Teléfono').fill('+52 55 1234 5678');
      await field('Calle y número').fill('Av. Reforma 222');
      await field('Ciudad').fill('Ciudad de México');
      await field('Estado').fill('CDMX');
      await field('Código postal').fill('06600');
      await acceptPartnerTermsInPage(page);
      await page.getByRole('button', { name: 'Continuar al método de entrega' }).click();
      await expect(stepHeading(page, 'Elige el método de entrega')).toBeVisible();
      await page.getByLabel('USD a tu cuenta bancaria en EE. UU.').check();
      await expect(field('Número de ruta (ABA)')).toBeVisible();
      await expect(page.getByText(/routing/i)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-es-MX-wizard-bank-${width}`);
    });

    test(`a guest who pays first and signs up after, in English: the payment becomes the account's (${width} px)`, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // The guest pays (the wizard to completion is wizard-journey.spec's).
      await completedPayment(page, { holder: 'Sam Carter', amountUSD: '250' });

      await headerLink(page, mobile, 'Menu', 'Sign up');
      await expect(page).toHaveURL(/\/signup$/);
      const s: SignUp = {
        labels: { email: 'Email', password: 'Password', confirmPassword: 'Confirm Password', firstName: 'First Name', lastName: 'Last Name', taxId: 'CPF',
          dateOfBirth: 'Date of Birth', phone: 'Phone Number', streetAddress: 'Street Address', city: 'City', state: 'State/Province',
          zipCode: 'ZIP/Postal Code', accountHolderName: 'Account Holder Name', bankName: 'Bank Name', bankStreetAddress: 'Bank Street Address',
          bankCity: 'Bank City', bankState: 'Bank State', bankZipCode: 'Bank ZIP Code', routingNumber: 'Routing Number', accountNumber: 'Account Number' },
        next: 'Continue', create: 'Create Account', hasBank: 'I have a US bank account to receive payments',
        taxId: '529.982.247-25', dob: '10051990', phone: '+55 11 98765-4321', street: 'Rua Augusta 1500', city: 'São Paulo', state: 'SP', zip: '01304-001',
      };
      await signUp(page, s, uniqueEmail('guest'), 'Sam', 'Carter');
      await expect(page.getByLabel('Routing Number', { exact: true })).toHaveAccessibleDescription(/9-digit routing number/);
      await shot(page, `journey-en-signup-bank-${width}`);
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

      // The payment made as a guest is the account's now.
      await expect(page.getByRole('heading', { level: 1, name: 'Crebit Dashboard' })).toBeVisible();
      await expect(page.getByText('Manage your international payments and transfers')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
      await expect(page.getByText('Completed').first()).toBeVisible();
      await expect(page.getByText(/\$250\.00/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Refer friends, earn $100' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `journey-en-dashboard-${width}`);
    });
  });
}

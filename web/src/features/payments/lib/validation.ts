// Each step's rules (spec section 5) as zod schemas and pure functions, so
// they are tested without a browser. Messages come from the wizard
// namespace through `t`, so they are translated like every other string.

import { z } from 'zod';
import type { CurrencyCode } from '@/lib/money';
import { hasAtMostTwoDecimals, parseTypedAmount } from '@/lib/amount';
import type { Country } from './country';
import { checkDateOfBirth, localToday } from './date-input';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

// ---------------------------------------------------------------- step 1

export const personalFields = [
  'firstName',
  'lastName',
  'documentType',
  'taxId',
  'email',
  'dateOfBirth',
  'phone',
  'country',
  'streetAddress',
  'city',
  'state',
  'zipCode',
] as const;
export type PersonalField = (typeof personalFields)[number];
export type PersonalInfo = Record<PersonalField, string>;

/** personalLabel is a step-1 field's visible label (the tax id's depends on the country). */
export function personalLabel(t: Translate, field: PersonalField, country: Country): string {
  return field === 'taxId' ? t(`fields.taxId.${country}`) : t(`fields.${field}`);
}

/**
 * personalInfoSchema: every field is required ("Please fill in all required
 * fields: " and the missing labels); then, each under its own field, the
 * e-mail must contain "@", the date of birth must pass checkDateOfBirth
 * (the server's rule), and the phone needs at least one digit.
 */
export function personalInfoSchema(t: Translate, country: Country, today: string = localToday()) {
  const shape = Object.fromEntries(personalFields.map((f) => [f, z.string()])) as Record<PersonalField, z.ZodString>;
  return z.object(shape).superRefine((v, ctx) => {
    const missing = personalFields.filter((f) => v[f].trim() === '');
    if (missing.length > 0) {
      const message = t('validation.requiredFields', {
        fields: missing.map((f) => personalLabel(t, f, country)).join(', '),
      });
      for (const f of missing) ctx.addIssue({ code: 'custom', message, path: [f] });
      return;
    }
    if (!v.email.includes('@')) {
      ctx.addIssue({ code: 'custom', message: t('validation.email'), path: ['email'] });
    }
    const dob = checkDateOfBirth(v.dateOfBirth, today);
    if (dob) {
      ctx.addIssue({ code: 'custom', message: t(`validation.dateOfBirthRule.${dob}`), path: ['dateOfBirth'] });
    }
    if (v.phone.replace(/\D/g, '') === '') {
      ctx.addIssue({ code: 'custom', message: t('validation.phone'), path: ['phone'] });
    }
  });
}

// ---------------------------------------------------------------- step 2

export const bankFields = [
  'accountHolderName',
  'bankName',
  'bankStreetAddress',
  'bankCity',
  'bankState',
  'bankZipCode',
  'routingNumber',
  'accountNumber',
] as const;
export type BankField = (typeof bankFields)[number];
export type BankDetails = Record<BankField, string>;

/** bankSchema: every bank field, the bank address included, is required. */
export function bankSchema(t: Translate) {
  const shape = Object.fromEntries(bankFields.map((f) => [f, z.string()])) as Record<BankField, z.ZodString>;
  return z.object(shape).superRefine((v, ctx) => {
    const missing = bankFields.filter((f) => v[f].trim() === '');
    for (const f of missing) ctx.addIssue({ code: 'custom', message: t('validation.bankDetails'), path: [f] });
  });
}

/**
 * canContinueDelivery is the step-2 button's enabled rule: a method is
 * chosen and, for a bank transfer, routing number, account number and
 * holder name are set (or a saved account is used).
 */
export function canContinueDelivery(
  method: string,
  bank: Pick<BankDetails, 'routingNumber' | 'accountNumber' | 'accountHolderName'>,
  hasSavedAccount: boolean,
): boolean {
  if (method === 'check-to-school') return true;
  if (method !== 'usd-bank-transfer') return false;
  if (hasSavedAccount) return true;
  return bank.routingNumber !== '' && bank.accountNumber !== '' && bank.accountHolderName !== '';
}

// ---------------------------------------------------------------- step 3

export const schoolFields = [
  'schoolName',
  'payeeName',
  'mailingAddress',
  'schoolCity',
  'schoolState',
  'schoolZipCode',
  'deliveryInstructions',
  'studentFullName',
  'studentId',
  'termReference',
  'studentEmail',
] as const;
export type SchoolField = (typeof schoolFields)[number];
export type SchoolDetails = Record<SchoolField, string>;

/** schoolSchema: all school and student fields are required except the delivery instructions. */
export function schoolSchema(t: Translate) {
  const shape = Object.fromEntries(schoolFields.map((f) => [f, z.string()])) as Record<SchoolField, z.ZodString>;
  return z.object(shape).superRefine((v, ctx) => {
    const missing = schoolFields.filter((f) => f !== 'deliveryInstructions' && v[f].trim() === '');
    if (missing.length > 0) {
      for (const f of missing) ctx.addIssue({ code: 'custom', message: t('validation.schoolDetails'), path: [f] });
      return;
    }
    if (!v.studentEmail.includes('@')) {
      ctx.addIssue({ code: 'custom', message: t('validation.email'), path: ['studentEmail'] });
    }
  });
}

/** firstIssue is the message to show for a failed parse. */
export function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? null;
}

// ---------------------------------------------------------------- step 4

export type AmountCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * checkAmount: a number greater than 0 ("Please enter a valid USD amount",
 * "... BRL amount", "... MXN amount"); USD with at most 2 decimals.
 */
export function checkAmount(text: string, currency: CurrencyCode, t: Translate): AmountCheck {
  const n = parseTypedAmount(text, currency);
  const invalid = { ok: false as const, message: t('validation.amount', { currency }) };
  if (!Number.isFinite(n) || n <= 0) return invalid;
  if (currency === 'USD' && !hasAtMostTwoDecimals(n)) return invalid;
  return { ok: true, value: n };
}

/** belowMinimum reports a USD amount under the corridor's minimum (Brazil: 16). */
export function belowMinimum(usd: number, minimumUSD: number | null): boolean {
  return minimumUSD !== null && usd < minimumUSD;
}

// ---------------------------------------------------------------- step 5

export interface PaymentPreflight {
  method: 'pix' | 'spei';
  authorized: boolean;
  onRampQuoteId: string | null;
  offRampQuoteId: string | null;
  hasQuote: boolean;
  senderName: string;
  taxId: string;
  customerId: string | null;
  walletAddress: string | null;
  walletId: string | null;
}

export interface PreflightError {
  title: 'authorization' | 'payment';
  message: string;
}

/** cleanCurp keeps A-Z and 0-9 of a CURP, upper-cased (what sender_clabe carries). */
export function cleanCurp(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * paymentPreflight runs the authorization and PIX/SPEI checks of section 5
 * in order before a payment is asked for; null when all pass.
 */
export function paymentPreflight(p: PaymentPreflight, t: Translate): PreflightError | null {
  if (!p.authorized) return { title: 'authorization', message: t('validation.authorization') };
  if (!p.onRampQuoteId || !p.offRampQuoteId) return { title: 'payment', message: t('validation.noValidQuote') };
  const name = p.senderName.trim();
  if (p.method === 'pix') {
    if (!name || !p.taxId.trim()) return { title: 'payment', message: t('validation.pixSender') };
    const digits = p.taxId.replace(/\D/g, '');
    if (digits.length < 11 || digits.length > 18) {
      return { title: 'payment', message: t('validation.cpfLength', { n: digits.length }) };
    }
    if (!p.walletAddress) return { title: 'payment', message: t('validation.noWalletAddress') };
  } else {
    if (!name || !p.taxId.trim()) return { title: 'payment', message: t('validation.speiSender') };
    const curp = cleanCurp(p.taxId);
    if (curp.length !== 18) return { title: 'payment', message: t('validation.curpLength', { n: curp.length, curp }) };
    if (!p.walletAddress) return { title: 'payment', message: t('validation.noWalletAddress') };
    if (!p.walletId) return { title: 'payment', message: t('validation.noWalletId') };
  }
  if (!p.hasQuote) return { title: 'payment', message: t('validation.noQuote') };
  if (!p.customerId) return { title: 'payment', message: t('validation.noCustomer') };
  return null;
}

// ---------------------------------------------------------------- referrals

/** referralEmails keeps the entries that count: non-blank and containing "@". */
export function referralEmails(rows: string[]): string[] {
  return rows.map((r) => r.trim()).filter((r) => r !== '' && r.includes('@'));
}

import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { wizardPayer } from '@/features/payments/lib/wizard-session';
import { answerText } from '@/lib/api-client';
import { AccountError } from './api/account-api';
import { createSignUpAccount, createSignUpCustomer, signUpWithProfile } from './api/signup-calls';
import { meKey, useSetMe } from './api/use-me';
import { offerState } from '@/components/quick-match-offer';
import { checkSignUpField, firstInvalidStep, initialSignUpForm, stepErrors, type SignUpErrors, type SignUpForm } from './signup-model';

type Errors = SignUpErrors;

// Server field names of create-customer / create-external-account / signup.
const serverFields: Record<string, keyof SignUpForm> = {
  email: 'email', password: 'password', first_name: 'firstName', last_name: 'lastName', phone_number: 'phone',
  date_of_birth: 'dateOfBirth', identity_documents: 'taxId', country: 'country', routing_number: 'routingNumber',
  bank_account_number: 'accountNumber',
};
const stepOf: Partial<Record<keyof SignUpForm, number>> = {
  email: 1, password: 1, firstName: 2, lastName: 2, phone: 2, dateOfBirth: 2, taxId: 2, country: 2, routingNumber: 4, accountNumber: 4,
};

/** useSignUp holds the wizard's state and its submit flow (spec section 4). */
export function useSignUp() {
  const { t, i18n } = useTranslation('account');
  const navigate = useNavigate();
  const setMe = useSetMe();
  const qc = useQueryClient();
  const [form, setForm] = useState<SignUpForm>(() => initialSignUpForm(i18n.language, wizardPayer()));
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The address has an account: the e-mail field offers sign-in and a reset.
  const [emailTaken, setEmailTaken] = useState(false);
  // The account made by an earlier attempt whose profile the server refused: a retry does not sign up again.
  const created = useRef<string | null>(null);

  const set = (patch: Partial<SignUpForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Array<keyof SignUpForm>) delete next[k];
      return next;
    });
    setFormError(null);
    if ('email' in patch) setEmailTaken(false);
  };

  // One message per problem: under its field when the server names one
  // (the wizard goes back to that field's step), else in the box above the
  // buttons. No toast repeats it.
  const fail = (message: string, err?: unknown) => {
    setEmailTaken(err instanceof AccountError && err.code === 'account_exists');
    const k = err instanceof AccountError ? serverFields[err.field] : undefined;
    if (k) {
      setErrors((e) => ({ ...e, [k]: message }));
      const s = stepOf[k];
      if (s) setStep(s);
      return;
    }
    setFormError(message);
  };

  /** leave checks a field when it is left (an empty one waits for Continue). */
  const leave = (k: keyof SignUpForm) => {
    const v = form[k];
    if (typeof v === 'string' && v.trim() === '') return;
    const e = checkSignUpField(k, form, t);
    setErrors((prev) => {
      const next = { ...prev };
      if (e) next[k] = e;
      else delete next[k];
      return next;
    });
  };

  /** showStep puts each failing field's message under it and focuses the first; true when the step holds. */
  const showStep = (s: number): boolean => {
    const errs = stepErrors(s, form, t);
    const keys = Object.keys(errs) as Array<keyof SignUpForm>;
    if (keys.length === 0) return true;
    setStep(s);
    setErrors((prev) => ({ ...prev, ...errs }));
    window.setTimeout(() => document.getElementById(keys[0]!)?.focus(), 0);
    return false;
  };

  /** next moves on only when the step holds. */
  const next = () => {
    if (showStep(step)) setStep(step + 1);
  };

  const submit = async () => {
    // Nothing is created until every step holds.
    const bad = firstInvalidStep(form, t);
    if (bad !== null) {
      showStep(bad);
      return;
    }
    setLoading(true);
    try {
      if (created.current !== form.email.trim()) {
        try {
          const res = await signUpWithProfile(form);
          if (res.me) setMe(res.me);
          created.current = form.email.trim();
        } catch (err) {
          return fail(answerText(err, t('signup.network')), err);
        }
      }
      let customerId: string | undefined;
      try {
        customerId = (await createSignUpCustomer(form)).customer_id;
      } catch (err) {
        return fail(answerText(err, t('signup.customerFailed')), err);
      }
      if (!customerId) return fail(t('signup.noCustomerId'));
      if (form.hasUSBankAccount) {
        try {
          await createSignUpAccount(form, customerId);
        } catch (err) {
          return fail(answerText(err, t('signup.accountFailed')), err);
        }
      }
      // The first name comes from the customer just created.
      void qc.invalidateQueries({ queryKey: meKey });
      toast({ title: t('signup.success') });
      // A student is offered Quick Match on the dashboard.
      window.setTimeout(() => navigate('/dashboard', { state: offerState }), 1500);
    } finally {
      setLoading(false);
    }
  };

  return { form, set, step, setStep, next, leave, errors, formError, loading, submit, emailTaken };
}

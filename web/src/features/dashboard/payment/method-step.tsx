import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverText } from '@/lib/api-client';
import { meKey } from '@/lib/session';
import { createExternalAccount } from '@/features/payments/api/create-external-account';
import { BankFields } from '@/features/payments/components/bank-fields';
import { ComingSoonBadge, OptionCard } from '@/features/payments/components/option-card';
import { Spinner } from '@/features/payments/components/spinner';
import { externalAccountPayload } from '@/features/payments/lib/payloads';
import { bankSchema, firstIssue, type BankDetails } from '@/features/payments/lib/validation';
import type { Country } from '@/features/payments/lib/country';
import { joinCheckWaitlist, paymentSetupQuery, type PaymentProfile, type SavedBankAccount } from '../api/payment-api';
import { bankLabel, countryConfig } from './payment-logic';
import { IdentityForm } from './identity-form';

interface MethodStepProps {
  country: Country;
  profile: PaymentProfile | null;
  onWaitlist: boolean;
  accountName: { first: string; last: string; email: string };
  onBack: () => void;
  onContinue: (bank: SavedBankAccount) => void;
}

/**
 * MethodStep is step 2: how the money arrives. 'USD to Your US Bank
 * Account' uses a saved account or adds one (the wizards' 8 fields and
 * rules); a mailed check leads to the Brazil payment form where it is
 * offered, and to the waitlist where it is not (Mexico). A country without a verified profile asks for it first.
 */
export function MethodStep({ country, profile, onWaitlist, accountName, onBack, onContinue }: MethodStepProps) {
  const { t } = useTranslation('dashboard');
  const countryName = t(`payment.send.countryOption.${country}`);
  const [method, setMethod] = useState<'bank' | ''>('');
  // The partner approves a new profile moments after it is made (BlindPay):
  // the user card's KYC badge, read from /api/me, is refreshed with it.
  const queryClient = useQueryClient();
  const approved = profile?.kyc_status === 'approved';
  useEffect(() => {
    if (approved) void queryClient.invalidateQueries({ queryKey: meKey });
  }, [approved, queryClient]);
  return (
    <div className="mt-4">
      <Button variant="link" onClick={onBack} className="px-0">
        ← {t('payment.method.back')}
      </Button>
      <fieldset className="mt-2">
        <legend className="text-slate-700">{t('payment.method.legend')}</legend>
        <div className="mt-3 grid gap-4">
          <OptionCard
            id="pay-method-bank"
            title={t('payment.method.bank.title')}
            description={t('payment.method.bank.body')}
            input={{ name: 'pay-method', checked: method === 'bank', onChange: () => setMethod('bank') }}
          />
          {countryConfig(country).checkAvailable ? <CheckAvailableCard /> : <CheckWaitlistCard country={country} joined={onWaitlist} />}
        </div>
      </fieldset>

      {method === 'bank' && !profile ? (
        <IdentityForm country={country} defaults={{ firstName: accountName.first, lastName: accountName.last, email: accountName.email }} />
      ) : null}
      {method === 'bank' && profile && profile.kyc_status !== 'approved' ? (
        <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('payment.identity.review', { country: countryName })}
        </p>
      ) : null}
      {method === 'bank' && profile && profile.kyc_status === 'approved' ? <BankChoice profile={profile} onContinue={onContinue} /> : null}
    </div>
  );
}

/**
 * CheckAvailableCard: where a mailed check is offered (Brazil, the same
 * countryConfig the wizards read), the dashboard says so and leads to the
 * payment form that mails it, instead of calling it "coming soon" (issue 26,
 * item 4).
 */
function CheckAvailableCard() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="rounded-xl border-2 border-dashed bg-slate-50 p-4" data-testid="check-available">
      <h3 className="font-semibold text-slate-700">{t('payment.method.check.title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('payment.method.check.available')}</p>
      <Link to="/get-started" className="mt-2 inline-block text-sm font-semibold text-blue-800 underline">
        {t('payment.method.check.availableLink')}
      </Link>
    </div>
  );
}

/** CheckWaitlistCard: where a mailed check is not offered yet (Mexico), the payer can join its waitlist. */
function CheckWaitlistCard({ country, joined }: { country: Country; joined: boolean }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const join = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await joinCheckWaitlist(country);
      await queryClient.invalidateQueries(paymentSetupQuery());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-xl border-2 border-dashed bg-slate-50 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-700">{t('payment.method.check.title')}</h3>
        <ComingSoonBadge>{t('payment.method.check.comingSoon')}</ComingSoonBadge>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t('payment.method.check.body')}</p>
      <div role="status" className="mt-2 text-sm">
        {joined ? <p className="font-medium text-green-900">{t('payment.method.check.joined')}</p> : null}
        {failed ? <p className="text-red-800">{t('payment.method.check.failed')}</p> : null}
      </div>
      {!joined ? (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void join()} disabled={busy}>
          {busy ? t('payment.method.check.joining') : t('payment.method.check.join')}
        </Button>
      ) : null}
    </div>
  );
}

function BankChoice({ profile, onContinue }: { profile: PaymentProfile; onContinue: (bank: SavedBankAccount) => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('wizard');
  const saved = profile.bank_accounts;
  const [choice, setChoice] = useState<'existing' | 'new'>(saved.length > 0 ? 'existing' : 'new');
  const [selected, setSelected] = useState(saved[0]?.id ?? '');
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<BankDetails>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const addNew = async (v: BankDetails) => {
    const result = bankSchema(tw).safeParse(v);
    if (!result.success) {
      for (const issue of result.error.issues) setError(issue.path[0] as keyof BankDetails, { type: 'validate', message: issue.message });
      setFailure(firstIssue(result));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const a = await createExternalAccount(externalAccountPayload(v, profile.customer_id));
      onContinue({ id: a.external_account_id, bank_name: a.bank_name, account_holder_name: v.accountHolderName.trim(), last4: a.account_last4 });
    } catch (err) {
      setFailure(serverText(err, tw('errors.createAccount'), tw));
    } finally {
      setBusy(false);
    }
  };

  const pickExisting = () => {
    const a = saved.find((s) => s.id === selected);
    if (a) onContinue(a);
  };

  return (
    <form
      noValidate
      className="mt-6"
      onSubmit={choice === 'new' ? handleSubmit(addNew) : (e) => (e.preventDefault(), pickExisting())}
      onChange={(e) => {
        // What the payer fixes stops being reported.
        const target = e.target as EventTarget & { name?: string };
        const name = (target.name ?? '') as keyof BankDetails;
        if (name && formState.errors[name]) clearErrors(name);
        setFailure(null);
      }}
    >
      <div className="flex flex-wrap gap-2" role="group">
        {saved.length > 0 ? (
          <Button variant={choice === 'existing' ? 'primary' : 'outline'} aria-pressed={choice === 'existing'} onClick={() => setChoice('existing')}>
            {t('payment.method.existing')}
          </Button>
        ) : null}
        <Button variant={choice === 'new' ? 'primary' : 'outline'} aria-pressed={choice === 'new'} onClick={() => setChoice('new')}>
          {t('payment.method.new')}
        </Button>
      </div>

      {choice === 'existing' ? (
        <div className="mt-4">
          <Label htmlFor="pay-saved-account">{t('payment.method.savedList')}</Label>
          <NativeSelect id="pay-saved-account" value={selected} onChange={(e) => setSelected(e.target.value)}>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {bankLabel(a)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <section aria-labelledby="pay-new-bank-heading" className="mt-4">
          <h3 id="pay-new-bank-heading" className="text-lg font-semibold text-ink">
            {t('payment.method.newHeading')}
          </h3>
          <BankFields t={tw} register={register} invalid={(f) => Boolean(formState.errors[f])} error={(f) => formState.errors[f]?.message ?? null} />
        </section>
      )}

      {failure ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={busy || (choice === 'existing' && !selected)} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {busy ? t('payment.method.saving') : t('payment.method.continue')}
        </Button>
      </div>
    </form>
  );
}

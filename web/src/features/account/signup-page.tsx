import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { PartnerTermsBox, usePartnerTerms } from '@/features/payments/components/partner-terms';
import { ProgressDots } from './progress-dots';
import { stepComplete } from './signup-model';
import { AccountStep, AddressStep, BankStep, PersonalStep } from './signup-steps';
import { useSignUp } from './use-signup';

const steps = [AccountStep, PersonalStep, AddressStep, BankStep];

/** SignUpPage is the 4-step sign-up wizard (spec sections 2, 4, 5, 8). */
export function SignUpPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('signup.title')} — Crebit`);
  const w = useSignUp();
  const Step = steps[w.step - 1] ?? AccountStep;
  const complete = stepComplete(w.step, w.form);
  // The account's payer profile is made with the payment partner, which may
  // ask for its terms first (BlindPay): asked on the last step, before
  // anything is created.
  const terms = usePartnerTerms();
  const blocked = w.step === 4 && terms.pending;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-ink">{t('signup.title')}</h1>
      <p className="mb-4 mt-2 text-center text-slate-700">
        {t('signup.subtitle', { step: w.step })}: {t(`signup.steps.${w.step}`)}
      </p>
      <ProgressDots step={w.step} />
      <form
        noValidate
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          if (!complete || w.loading || blocked) return;
          if (w.step < 4) w.next();
          else void w.submit();
        }}
      >
        <Step form={w.form} set={w.set} leave={w.leave} errors={w.errors} emailTaken={w.emailTaken} />
        {w.step === 4 && terms.data?.required ? <PartnerTermsBox terms={terms} /> : null}
        {w.formError ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {w.formError}
          </p>
        ) : null}
        <div className="mt-6 flex justify-between gap-3">
          {w.step > 1 ? (
            <Button type="button" variant="outline" onClick={() => w.setStep(w.step - 1)} disabled={w.loading}>
              {t('signup.previous')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={!complete || w.loading || blocked}>
            {w.step < 4 ? t('signup.continue') : w.loading ? t('signup.creating') : t('signup.create')}
          </Button>
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('signup.haveAccount')}{' '}
        <Link to="/signin" className="font-semibold text-blue-700 underline">
          {t('signup.signIn')}
        </Link>
      </p>
    </main>
  );
}

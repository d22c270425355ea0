import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { mailto, site } from '@/config/site';
import { bankFields, bankSchema, canContinueDelivery, firstIssue, type BankDetails } from '@/features/payments/lib/validation';
import type { DeliveryMethod, WizardForm } from '../lib/state';
import type { WizardController } from '../hooks/use-wizard';
import { BankFields } from '@/features/payments/components/bank-fields';
import { ComingSoonBadge, OptionCard } from '@/features/payments/components/option-card';
import { Spinner } from '@/features/payments/components/spinner';
import { StepActions } from './step-actions';

type DeliveryValues = BankDetails & { deliveryMethod: DeliveryMethod };

/** DeliveryStepView: what DeliveryStep reads of the wizard's controller. */
export type DeliveryStepView = Pick<WizardController, 'accountError' | 'back' | 'clearAccount' | 'config' | 'deliveryBusy' | 'fieldErrors' | 'state' | 'submitDelivery' | 't' | 'updateForm'>;

/** DeliveryStep is step 2, Choose Delivery Method (and the US bank form). */
export function DeliveryStep({ w }: { w: DeliveryStepView }) {
  const { t, state, config } = w;
  const [defaults] = useState<DeliveryValues>(() => ({
    deliveryMethod: config.checkAvailable ? state.form.deliveryMethod : state.form.deliveryMethod === 'check-to-school' ? '' : state.form.deliveryMethod,
    ...(Object.fromEntries(bankFields.map((f) => [f, state.form[f]])) as BankDetails),
  }));
  const { register, handleSubmit, control, watch, setError, formState } = useForm<DeliveryValues>({ defaultValues: defaults });
  const values = useWatch({ control });
  const method = values.deliveryMethod ?? '';
  const saved = state.externalAccount;

  const { updateForm } = w;
  useEffect(() => {
    const sub = watch((v) => updateForm(v as Partial<WizardForm>));
    return () => sub.unsubscribe();
  }, [watch, updateForm]);

  const enabled = canContinueDelivery(
    method,
    { routingNumber: values.routingNumber ?? '', accountNumber: values.accountNumber ?? '', accountHolderName: values.accountHolderName ?? '' },
    saved !== null,
  );

  const onSubmit = (v: DeliveryValues) => {
    if (v.deliveryMethod === 'usd-bank-transfer' && !saved) {
      const result = bankSchema(t).safeParse(v);
      if (!result.success) {
        for (const issue of result.error.issues) {
          setError(issue.path[0] as keyof DeliveryValues, { type: 'validate', message: issue.message }, { shouldFocus: false });
        }
        toast({ title: t('toasts.error'), description: firstIssue(result) ?? '', variant: 'destructive' });
        return;
      }
    }
    void w.submitDelivery(v);
  };

  const invalid = (f: keyof DeliveryValues) => Boolean(formState.errors[f]);
  const busy = w.deliveryBusy;
  // The form's own check names no single field: its message stays above the buttons until fixed.
  const formProblem = Object.values(formState.errors).find((e) => e?.message)?.message ?? w.accountError;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4">
      <fieldset>
        <legend className="text-slate-700">{t('delivery.legend')}</legend>
        <div className="mt-4 grid gap-4">
          <OptionCard
            id="delivery-bank"
            title={t('delivery.bank.title')}
            description={t('delivery.bank.body')}
            input={{ value: 'usd-bank-transfer', ...register('deliveryMethod') }}
          />
          <OptionCard
            id="delivery-check"
            title={t('delivery.check.title')}
            description={config.checkAvailable ? t('delivery.check.body') : t('delivery.check.comingSoonBody')}
            input={{ value: 'check-to-school', ...register('deliveryMethod') }}
            disabled={!config.checkAvailable}
            badge={!config.checkAvailable ? <ComingSoonBadge>{t('delivery.check.comingSoon')}</ComingSoonBadge> : null}
          >
            {!config.checkAvailable ? (
              <a
                href={mailto(site.waitlistEmail, t('delivery.check.waitlistSubject'))}
                className="relative z-10 mt-2 inline-block text-sm font-semibold text-blue-800 underline"
              >
                {t('delivery.check.joinWaitlist')}
              </a>
            ) : null}
          </OptionCard>
        </div>
      </fieldset>

      {method === 'usd-bank-transfer' && saved ? (
        <section aria-labelledby="saved-account-heading" className="mt-6 rounded-xl border border-green-300 bg-green-50 p-4">
          <h3 id="saved-account-heading" className="font-semibold text-ink">
            {t('delivery.saved.heading')}
          </h3>
          <p className="mt-1 text-slate-800">{t('delivery.saved.body', { bank: saved.bankName, last4: saved.last4 })}</p>
          <Button variant="link" className="mt-2" onClick={w.clearAccount}>
            {t('delivery.saved.change')}
          </Button>
        </section>
      ) : null}

      {method === 'usd-bank-transfer' && !saved ? (
        <section aria-labelledby="bank-form-heading" className="mt-6">
          <h3 id="bank-form-heading" className="text-lg font-semibold text-ink">
            {t('delivery.bankForm.heading')}
          </h3>
          <BankFields t={t} register={register} invalid={invalid} error={(f) => w.fieldErrors[f]} />
        </section>
      ) : null}

      {method === 'usd-bank-transfer' ? (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('delivery.bankForm.achNote')}</p>
      ) : null}

      {formProblem ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formProblem}
        </p>
      ) : null}
      <StepActions>
        <Button variant="outline" onClick={w.back} className="w-full sm:w-auto">
          {t('delivery.back')}
        </Button>
        <Button type="submit" disabled={!enabled || busy !== null} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {busy === 'customer'
            ? t('delivery.waitingCustomer')
            : busy === 'account'
              ? t('delivery.savingAccount')
              : method === 'check-to-school'
                ? t('delivery.continueCheck')
                : t('delivery.continueBank')}
        </Button>
      </StepActions>
    </form>
  );
}

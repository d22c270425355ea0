import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { PersonalFields } from '@/features/payments/components/personal-fields';
import { firstIssue, personalFields, personalInfoSchema, type PersonalInfo } from '@/features/payments/lib/validation';
import type { WizardForm } from '../lib/state';
import type { WizardController } from '../hooks/use-wizard';
import { StepActions } from './step-actions';
import { LockIcon } from '@/features/payments/components/icons';
import { PartnerTermsBox, usePartnerTerms } from '@/features/payments/components/partner-terms';

/** PersonalStepView: what PersonalStep reads of the wizard's controller. */
export type PersonalStepView = Pick<WizardController, 'config' | 'fieldErrors' | 'personalError' | 'state' | 'submitPersonal' | 't' | 'updateForm'>;

/** PersonalStep is step 1, Individual Information. */
export function PersonalStep({ w }: { w: PersonalStepView }) {
  const { t, state, config } = w;
  const country = config.country;
  const schema = useMemo(() => personalInfoSchema(t, country), [t, country]);
  // The saved values seed the form once; the form owns them afterwards.
  const [defaults] = useState(() => Object.fromEntries(personalFields.map((f) => [f, state.form[f]])) as PersonalInfo);
  const { register, handleSubmit, control, watch, setError, getValues, formState } = useForm<PersonalInfo>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const allFilled = personalFields.every((f) => (values[f] ?? '') !== '');
  const terms = usePartnerTerms();

  const { updateForm } = w;
  useEffect(() => {
    const sub = watch((v) => updateForm(v as Partial<WizardForm>));
    return () => sub.unsubscribe();
  }, [watch, updateForm]);

  // A create-customer refusal names the field to fix (by the server's `field`): its message goes under it.
  const serverField = w.personalError?.field;
  const serverMessage = serverField ? w.fieldErrors[serverField] : undefined;
  useEffect(() => {
    if (serverField && serverMessage && (personalFields as readonly string[]).includes(serverField)) {
      setError(serverField as keyof PersonalInfo, { type: 'server', message: serverMessage }, { shouldFocus: false });
    }
  }, [serverField, serverMessage, setError]);

  const onInvalid = () => {
    const message = firstIssue(schema.safeParse(getValues()));
    if (message) toast({ title: t('toasts.error'), description: message, variant: 'destructive' });
  };

  const invalid = (f: keyof PersonalInfo) => Boolean(formState.errors[f]);
  /** error: the message under a field; "required" only marks it (the banner lists what is missing). */
  const error = (f: keyof PersonalInfo) => {
    const e = formState.errors[f];
    return e?.message && !e.message.startsWith(t('validation.requiredPrefix')) ? e.message : null;
  };
  const firstMissing = personalFields.find((f) => formState.errors[f]?.message?.startsWith(t('validation.requiredPrefix')));
  const requiredMessage = firstMissing ? formState.errors[firstMissing]?.message : null;

  return (
    <form noValidate onSubmit={handleSubmit((v) => w.submitPersonal(v), onInvalid)} className="mt-4">
      <p className="text-slate-700">{t('personal.intro')}</p>
      {w.personalError ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p>{t('personal.fixNotice')}</p>
          {w.personalError.field ? null : <p className="mt-1 font-semibold">{w.personalError.message}</p>}
        </div>
      ) : null}
      {requiredMessage ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {requiredMessage}
        </p>
      ) : null}

      <PersonalFields t={t} country={country} register={register} invalid={invalid} error={error} />

      <p className="mt-6 flex gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
        <LockIcon className="mt-0.5 shrink-0" />
        <span>{t('personal.kycNotice')}</span>
      </p>

      <PartnerTermsBox terms={terms} />

      <StepActions>
        <Button type="submit" disabled={!allFilled || terms.pending} className="w-full sm:ml-auto sm:w-auto">
          {t('personal.continue')}
        </Button>
      </StepActions>
    </form>
  );
}

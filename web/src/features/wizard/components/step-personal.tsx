import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { formatDateInput, MAX_DATE_LENGTH } from '../lib/date-input';
import { firstIssue, personalFields, personalInfoSchema, type PersonalInfo } from '../lib/validation';
import type { WizardForm } from '../lib/state';
import type { WizardController } from '../hooks/use-wizard';
import { TextField } from './form-field';
import { StepActions } from './step-actions';
import { LockIcon } from './icons';

/** PersonalStep is step 1, Individual Information. */
export function PersonalStep({ w }: { w: WizardController }) {
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
  const dob = register('dateOfBirth');
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

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField id="firstName" label={t('fields.firstName')} autoComplete="given-name" invalid={invalid('firstName')} error={error('firstName')} {...register('firstName')} />
        <TextField id="lastName" label={t('fields.lastName')} autoComplete="family-name" invalid={invalid('lastName')} error={error('lastName')} {...register('lastName')} />

        <div>
          <Label htmlFor="documentType">{t('fields.documentType')}</Label>
          <NativeSelect id="documentType" {...register('documentType')}>
            <option value="national_id">{t(`fields.documentTypeOption.${country}`)}</option>
          </NativeSelect>
        </div>
        <TextField
          id="taxId"
          label={t(`fields.taxId.${country}`)}
          placeholder={t(`fields.taxIdPlaceholder.${country}`)}
          autoComplete="off"
          autoCapitalize={country === 'mexico' ? 'characters' : undefined}
          spellCheck={false}
          invalid={invalid('taxId')} error={error('taxId')}
          {...register('taxId')}
        />

        <TextField id="email" type="email" label={t('fields.email')} autoComplete="email" invalid={invalid('email')} error={error('email')} {...register('email')} />
        <TextField
          id="dateOfBirth"
          type="text"
          inputMode="numeric"
          placeholder={t('fields.dateOfBirthPlaceholder')}
          maxLength={MAX_DATE_LENGTH}
          autoComplete="bday"
          label={t('fields.dateOfBirth')}
          hint={t('fields.dateOfBirthHint')}
          invalid={invalid('dateOfBirth')}
          error={error('dateOfBirth')}
          {...dob}
          onChange={(e) => {
            e.target.value = formatDateInput(e.target.value);
            void dob.onChange(e);
          }}
        />

        <TextField
          id="phone"
          type="tel"
          label={t('fields.phone')}
          hint={t(`fields.phoneHint.${country}`)}
          placeholder={t(`fields.phonePlaceholder.${country}`)}
          autoComplete="tel"
          invalid={invalid('phone')} error={error('phone')}
          {...register('phone')}
        />
        <div>
          <Label htmlFor="country">{t('fields.country')}</Label>
          <NativeSelect id="country" {...register('country')}>
            <option value={country}>{t(`fields.countryOption.${country}`)}</option>
          </NativeSelect>
        </div>

        <TextField
          id="streetAddress"
          className="sm:col-span-2"
          label={t('fields.streetAddress')}
          autoComplete="street-address"
          invalid={invalid('streetAddress')} error={error('streetAddress')}
          {...register('streetAddress')}
        />
        <TextField id="city" label={t('fields.city')} autoComplete="address-level2" invalid={invalid('city')} error={error('city')} {...register('city')} />
        <TextField id="state" label={t('fields.state')} autoComplete="address-level1" invalid={invalid('state')} error={error('state')} {...register('state')} />
        <TextField id="zipCode" label={t('fields.zipCode')} autoComplete="postal-code" invalid={invalid('zipCode')} error={error('zipCode')} {...register('zipCode')} />
      </div>

      <p className="mt-6 flex gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
        <LockIcon className="mt-0.5 shrink-0" />
        <span>{t('personal.kycNotice')}</span>
      </p>

      <StepActions>
        <Button type="submit" disabled={!allFilled} className="w-full sm:ml-auto sm:w-auto">
          {t('personal.continue')}
        </Button>
      </StepActions>
    </form>
  );
}

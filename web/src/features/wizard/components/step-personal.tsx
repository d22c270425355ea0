import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { formatDateDigits, MAX_DATE_DIGITS } from '../lib/date-input';
import { firstIssue, personalFields, personalInfoSchema, type PersonalInfo } from '../lib/validation';
import type { WizardForm } from '../lib/state';
import { MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import type { WizardController } from '../hooks/use-wizard';
import { TextField } from './form-field';
import { StepActions } from './step-actions';
import { LockIcon } from './icons';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** PersonalStep is step 1, Individual Information. */
export function PersonalStep({ w }: { w: WizardController }) {
  const { t, state, config } = w;
  const country = config.country;
  const mobileDate = useMediaQuery(MOBILE_QUERY);
  const schema = useMemo(() => personalInfoSchema(t, country), [t, country]);
  // The saved values seed the form once; the form owns them afterwards.
  const [defaults] = useState(() => Object.fromEntries(personalFields.map((f) => [f, state.form[f]])) as PersonalInfo);
  const { register, handleSubmit, control, watch, setError, getValues, formState } = useForm<PersonalInfo>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const values = useWatch({ control });
  const allFilled = personalFields.every((f) => (values[f] ?? '') !== '');

  const { updateForm } = w;
  useEffect(() => {
    const sub = watch((v) => updateForm(v as Partial<WizardForm>));
    return () => sub.unsubscribe();
  }, [watch, updateForm]);

  // A create-customer error from the server points at the field to fix.
  const serverField = w.personalError?.field;
  useEffect(() => {
    if (serverField) setError(serverField, { type: 'server' }, { shouldFocus: false });
  }, [serverField, setError]);

  const onInvalid = () => {
    const message = firstIssue(schema.safeParse(getValues()));
    if (message) toast({ title: t('toasts.error'), description: message, variant: 'destructive' });
  };

  const invalid = (f: keyof PersonalInfo) => Boolean(formState.errors[f]);
  const dob = register('dateOfBirth');

  return (
    <form noValidate onSubmit={handleSubmit((v) => w.submitPersonal(v), onInvalid)} className="mt-4">
      <p className="text-slate-700">{t('personal.intro')}</p>
      {w.personalError ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">{t('personal.fixNotice')}</p>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField id="firstName" label={t('fields.firstName')} autoComplete="given-name" invalid={invalid('firstName')} {...register('firstName')} />
        <TextField id="lastName" label={t('fields.lastName')} autoComplete="family-name" invalid={invalid('lastName')} {...register('lastName')} />

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
          invalid={invalid('taxId')}
          {...register('taxId')}
        />

        <TextField id="email" type="email" label={t('fields.email')} autoComplete="email" invalid={invalid('email')} {...register('email')} />
        {mobileDate ? (
          <TextField
            id="dateOfBirth"
            type="text"
            inputMode="numeric"
            placeholder={t('fields.dateOfBirthPlaceholder')}
            maxLength={MAX_DATE_DIGITS + 2}
            autoComplete="bday"
            label={t('fields.dateOfBirth')}
            hint={t('fields.dateOfBirthHint')}
            invalid={invalid('dateOfBirth')}
            {...dob}
            onChange={(e) => {
              e.target.value = formatDateDigits(e.target.value);
              void dob.onChange(e);
            }}
          />
        ) : (
          <TextField
            id="dateOfBirth"
            type="date"
            max={today()}
            min="1900-01-01"
            autoComplete="bday"
            label={t('fields.dateOfBirth')}
            invalid={invalid('dateOfBirth')}
            {...dob}
          />
        )}

        <TextField
          id="phone"
          type="tel"
          label={t('fields.phone')}
          hint={t(`fields.phoneHint.${country}`)}
          placeholder={t(`fields.phonePlaceholder.${country}`)}
          autoComplete="tel"
          invalid={invalid('phone')}
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
          invalid={invalid('streetAddress')}
          {...register('streetAddress')}
        />
        <TextField id="city" label={t('fields.city')} autoComplete="address-level2" invalid={invalid('city')} {...register('city')} />
        <TextField id="state" label={t('fields.state')} autoComplete="address-level1" invalid={invalid('state')} {...register('state')} />
        <TextField id="zipCode" label={t('fields.zipCode')} autoComplete="postal-code" invalid={invalid('zipCode')} {...register('zipCode')} />
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

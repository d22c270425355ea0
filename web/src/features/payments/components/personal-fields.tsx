import type { UseFormRegister } from 'react-hook-form';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import type { Country } from '../lib/country';
import { formatDateInput, MAX_DATE_LENGTH } from '../lib/date-input';
import type { PersonalInfo, Translate } from '../lib/validation';

interface PersonalFieldsProps {
  t: Translate;
  country: Country;
  register: UseFormRegister<PersonalInfo>;
  invalid: (f: keyof PersonalInfo) => boolean;
  /** error is the message under a field, or null. */
  error: (f: keyof PersonalInfo) => string | null;
}

/**
 * PersonalFields are the payer's identity fields (wizard step 1, and the
 * dashboard's one-time verification), each input tied to its label; the
 * wizard namespace's `t` names them.
 */
export function PersonalFields({ t, country, register, invalid, error }: PersonalFieldsProps) {
  const dob = register('dateOfBirth');
  return (
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
  );
}

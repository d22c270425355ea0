import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, SelectField, choices } from './fields';
import { audienceContexts, countries, visaStatuses } from '../lib/options';
import type { QuickMatchForm } from '../lib/quick-match-form';

/** IdentityTab is Quick Match's first tab: Identity & Mobility. */
export function IdentityTab({ register }: { register: UseFormRegister<QuickMatchForm> }) {
  const { t } = useTranslation('scholarships');
  const none = { value: '', label: t('quickMatch.notSelected') };
  const countryChoices = choices(countries, (c) => t(`countries.${c}`));
  return (
    <div className="space-y-6">
      <ChoiceGroup legend={t('quickMatch.fields.citizenshipCountries')} name="citizenshipCountries" type="checkbox" columns={3}
        choices={countryChoices} inputProps={() => register('citizenshipCountries')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="currentResidency" label={t('quickMatch.fields.currentResidency')} choices={[none, ...countryChoices]}
          {...register('currentResidency.countryCode')} />
        <SelectField id="plannedCollegeCountry" label={t('quickMatch.fields.plannedCollegeCountry')} choices={[none, ...countryChoices]}
          {...register('plannedCollegeCountry')} />
        <SelectField id="audienceContext" label={t('quickMatch.fields.audienceContext')}
          choices={[none, ...choices(audienceContexts, (v) => t(`options.audienceContext.${v}`))]} {...register('audienceContext')} />
        <SelectField id="visaStatus" label={t('quickMatch.fields.visaStatus')}
          choices={[none, ...choices(visaStatuses, (v) => t(`options.visaStatus.${v}`))]} {...register('visaStatus')} />
      </div>
    </div>
  );
}

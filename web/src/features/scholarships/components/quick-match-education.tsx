import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, SelectField, TextField, choices } from './fields';
import { degreeLevels, gpaScales, majorAreas, yearsOfStudy } from '../lib/options';
import type { QuickMatchForm } from '../lib/quick-match-form';

/** EducationTab is Quick Match's second tab: Education Snapshot. */
export function EducationTab({ register, errors }: { register: UseFormRegister<QuickMatchForm>; errors: FieldErrors<QuickMatchForm> }) {
  const { t } = useTranslation('scholarships');
  const gpaMax = errors.gpaCurrent?.message;
  return (
    <div className="space-y-6">
      <ChoiceGroup legend={t('quickMatch.fields.degreeLevel')} name="degreeLevel" type="checkbox" columns={3}
        choices={choices(degreeLevels, (v) => t(`options.degreeLevel.${v}`))} inputProps={() => register('degreeLevel')} />
      <ChoiceGroup legend={t('quickMatch.fields.yearOfStudy')} name="yearOfStudy" type="checkbox" columns={3}
        choices={choices(yearsOfStudy, (v) => t(`options.yearOfStudy.${v}`))} inputProps={() => register('yearOfStudy')} />
      <TextField id="intendedMajors" label={t('quickMatch.fields.intendedMajors')} hint={t('quickMatch.fields.intendedMajorsHint')}
        maxLength={200} autoComplete="off" {...register('intendedMajors')} />
      <ChoiceGroup legend={t('quickMatch.fields.majorAreasOfInterest')} name="majorAreasOfInterest" type="checkbox"
        choices={choices(majorAreas, (v) => t(`options.majorAreas.${v}`))} inputProps={() => register('majorAreasOfInterest')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="gpaCurrent" type="number" step="0.01" min="0" inputMode="decimal" label={t('quickMatch.fields.gpaCurrent')}
          hint={t('quickMatch.fields.gpaHint')} error={gpaMax ? t('quickMatch.gpaError', { max: gpaMax }) : undefined}
          {...register('gpaCurrent')} />
        <SelectField id="gpaScale" label={t('quickMatch.fields.gpaScale')}
          choices={choices(gpaScales, (v) => t(`options.gpaScale.${v}`))} {...register('gpaScale')} />
      </div>
    </div>
  );
}

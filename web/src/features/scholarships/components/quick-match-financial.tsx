import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, SelectField, choices } from './fields';
import { fafsaStatuses } from '../lib/options';
import type { QuickMatchForm } from '../lib/quick-match-form';

/** FinancialTab is Quick Match's third tab: Financial & Access. */
export function FinancialTab({ register }: { register: UseFormRegister<QuickMatchForm> }) {
  const { t } = useTranslation('scholarships');
  const yesNo = choices(['yes', 'no', 'prefer_not_to_say'], (v) => t(`options.yesNo.${v}`));
  return (
    <div className="space-y-6">
      <ChoiceGroup legend={t('quickMatch.fields.firstGen')} name="firstGen" type="radio" columns={3} choices={yesNo}
        inputProps={() => register('firstGen')} />
      <ChoiceGroup legend={t('quickMatch.fields.lowIncome')} name="lowIncome" type="radio" columns={3} choices={yesNo}
        inputProps={() => register('lowIncome')} />
      <SelectField id="fafsaStatus" label={t('quickMatch.fields.fafsaStatus')} className="sm:max-w-sm"
        choices={[{ value: '', label: t('quickMatch.notSelected') }, ...choices(fafsaStatuses, (v) => t(`options.fafsaStatus.${v}`))]}
        {...register('fafsaStatus')} />
    </div>
  );
}

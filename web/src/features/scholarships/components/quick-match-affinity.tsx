import type { UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, choices } from './fields';
import { disabilityTags, faithTags, genderIdentities, genderTags, raceEthnicities, sexualOrientations } from '../lib/options';
import type { QuickMatchForm } from '../lib/quick-match-form';

/** AffinityTab is Quick Match's last tab: optional, self-identified answers. */
export function AffinityTab({ register }: { register: UseFormRegister<QuickMatchForm> }) {
  const { t } = useTranslation('scholarships');
  const group = (name: 'genderTags' | 'genderIdentityTags' | 'raceEthnicityTags' | 'sexualOrientationTags' | 'faithTags' | 'disabilityTags',
    values: readonly string[], prefix: string) => (
    <ChoiceGroup legend={t(`quickMatch.fields.${name}`)} name={name} type="checkbox" choices={choices(values, (v) => t(`options.${prefix}.${v}`))}
      inputProps={() => register(name)} />
  );
  return (
    <div className="space-y-6">
      <p className="rounded-lg bg-blue-50 p-4 text-base text-slate-800">
        {t('quickMatch.affinityIntro')}{' '}
        <Link to="/privacy-policy" className="font-semibold text-blue-800 underline">
          {t('quickMatch.privacyLink')}
        </Link>
      </p>
      {group('genderTags', genderTags, 'gender')}
      {group('genderIdentityTags', genderIdentities, 'genderIdentity')}
      {group('raceEthnicityTags', raceEthnicities, 'race')}
      <ChoiceGroup legend={t('quickMatch.fields.lgbtq')} name="lgbtq" type="radio" columns={3}
        choices={choices(['yes', 'no', 'prefer_not_to_say'], (v) => t(`options.yesNo.${v}`))} inputProps={() => register('lgbtq')} />
      {group('sexualOrientationTags', sexualOrientations, 'sexualOrientation')}
      {group('faithTags', faithTags, 'faith')}
      {group('disabilityTags', disabilityTags, 'disability')}
    </div>
  );
}

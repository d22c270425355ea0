import './strings';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useEligibility, useQuickMatch, useSaveEligibility } from './api/profile';
import { fromQuickMatch, mergeAnswers } from './lib/eligibility-prefill';
import { ChoiceGroup, SelectField, TextField, choices } from './components/fields';
import { extracurriculars, firstGenerationAnswers, genderIdentities, householdIncomes, raceEthnicities } from './lib/options';

/** A GPA as the server reads it: 3.6, 3,6 or 8.5/10. */
const gpaText = /^\s*\d{1,2}([.,]\d{1,2})?\s*(\/\s*\d{1,2}(\.\d)?\s*)?$/;
const schema = z.object({
  race: z.string(),
  gender: z.string(),
  firstGeneration: z.string(),
  householdIncome: z.string(),
  gpa: z.string().max(20).refine((v) => v.trim() === '' || gpaText.test(v), { message: 'gpa' }),
  extracurriculars: z.union([z.array(z.string()), z.literal(false), z.string()]),
});
type Form = z.infer<typeof schema>;
const empty: Form = { race: '', gender: '', firstGeneration: '', householdIncome: '', gpa: '', extracurriculars: [] };

/**
 * EligibilityPage (/scholarship-eligibility) is the separate eligibility
 * form: saved like Quick Match; Continue goes to the search, Go Back to
 * where the student came from.
 */
export function EligibilityPage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('eligibility.metaTitle'), t('eligibility.lead'));
  const navigate = useNavigate();
  const saved = useEligibility();
  const save = useSaveEligibility();
  const quick = useQuickMatch();
  const form = useForm<Form>({ defaultValues: empty, resolver: zodResolver(schema) });
  const known = fromQuickMatch(quick.data);
  const fromQuick = Object.keys(known).length > 0;
  useEffect(() => {
    if (!saved.data && !quick.data) return;
    // Saved answers win, Quick Match fills what it already knows (race,
    // gender, first generation, GPA); what the student typed meanwhile stays.
    form.reset(mergeAnswers(empty, fromQuickMatch(quick.data), saved.data), { keepDirtyValues: true });
  }, [saved.data, quick.data, form]);
  const none = { value: '', label: t('quickMatch.notSelected') };
  const { register } = form;
  const gpaError = form.formState.errors.gpa ? t('eligibility.gpaError') : undefined;

  const onSubmit = form.handleSubmit(async (v) => {
    const list = Array.isArray(v.extracurriculars) ? v.extracurriculars : v.extracurriculars ? [v.extracurriculars] : [];
    try {
      await save.mutateAsync({ ...v, gpa: v.gpa.trim(), extracurriculars: list });
      toast({ title: t('eligibility.saved') });
      navigate('/scholarship-search');
    } catch (err) {
      toast({ title: errorMessage(err, t('eligibility.saveError')), variant: 'destructive' });
    }
  });
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/scholarships'));

  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('eligibility.title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('eligibility.lead')}</p>
        <form onSubmit={onSubmit} noValidate>
          {fromQuick && (
            <p role="status" className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 text-base text-emerald-950" data-testid="prefilled-note">
              {t('eligibility.prefilled')}
            </p>
          )}
          <Card className="mt-8 space-y-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="race" label={t('eligibility.fields.race')} choices={[none, ...choices(raceEthnicities, (v) => t(`options.race.${v}`))]} {...register('race')} />
              <SelectField id="gender" label={t('eligibility.fields.gender')}
                choices={[none, ...choices(genderIdentities, (v) => t(`options.genderIdentity.${v}`))]} {...register('gender')} />
              <SelectField id="householdIncome" label={t('eligibility.fields.householdIncome')}
                choices={[none, ...choices(householdIncomes, (v) => t(`options.householdIncome.${v}`))]} {...register('householdIncome')} />
              <TextField id="gpa" label={t('eligibility.fields.gpa')} hint={t('eligibility.fields.gpaHint')} error={gpaError}
                maxLength={20} inputMode="decimal" autoComplete="off" {...register('gpa')} />
            </div>
            <ChoiceGroup legend={t('eligibility.fields.firstGeneration')} name="firstGeneration" type="radio" columns={3}
              choices={choices(firstGenerationAnswers, (v) => t(`options.firstGeneration.${v}`))} inputProps={() => register('firstGeneration')} />
            <ChoiceGroup legend={t('eligibility.fields.extracurriculars')} name="extracurriculars" type="checkbox"
              choices={choices(extracurriculars, (v) => t(`options.extracurriculars.${v}`))} inputProps={() => register('extracurriculars')} />
          </Card>
          <div className="mt-6 flex justify-between gap-3">
            <Button variant="outline" onClick={goBack}>
              {t('eligibility.goBack')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('eligibility.saving') : t('eligibility.continue')}
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}

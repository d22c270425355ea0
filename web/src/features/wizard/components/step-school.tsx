import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldHint, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { firstIssue, schoolFields, schoolSchema, type SchoolDetails } from '@/features/payments/lib/validation';
import type { WizardForm } from '../lib/state';
import type { WizardController } from '../hooks/use-wizard';
import { TextField } from './form-field';
import { StepActions } from './step-actions';

/** SchoolStepView: what SchoolStep reads of the wizard's controller. */
export type SchoolStepView = Pick<WizardController, 'back' | 'fieldErrors' | 'state' | 'submitSchool' | 't' | 'updateForm'>;

/** SchoolStep is step 3 (check to school only): where the check goes and for which student. */
export function SchoolStep({ w }: { w: SchoolStepView }) {
  const { t, state } = w;
  const schema = useMemo(() => schoolSchema(t), [t]);
  const [defaults] = useState(() => Object.fromEntries(schoolFields.map((f) => [f, state.form[f]])) as SchoolDetails);
  const { register, handleSubmit, watch, getValues, formState } = useForm<SchoolDetails>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const { updateForm } = w;
  useEffect(() => {
    const sub = watch((v) => updateForm(v as Partial<WizardForm>));
    return () => sub.unsubscribe();
  }, [watch, updateForm]);

  const onInvalid = () => {
    const message = firstIssue(schema.safeParse(getValues()));
    if (message) toast({ title: t('toasts.error'), description: message, variant: 'destructive' });
  };
  const invalid = (f: keyof SchoolDetails) => Boolean(formState.errors[f]);
  const formProblem = Object.values(formState.errors).find((e) => e?.message)?.message;
  const suggestions = t('school.suggestions', { returnObjects: true }) as unknown as string[];

  return (
    <form noValidate onSubmit={handleSubmit((v) => w.submitSchool(v), onInvalid)} className="mt-4">
      <p className="text-slate-700">{t('school.intro')}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField
          id="schoolName"
          className="sm:col-span-2"
          label={t('school.schoolName')}
          hint={t('school.schoolNameHint')}
          list="school-suggestions"
          autoComplete="off"
          invalid={invalid('schoolName')} error={w.fieldErrors.schoolName}
          {...register('schoolName')}
        />
        <datalist id="school-suggestions">
          {Array.isArray(suggestions) ? suggestions.map((s) => <option key={s} value={s} />) : null}
        </datalist>
        <TextField
          id="payeeName"
          className="sm:col-span-2"
          label={t('school.payeeName')}
          hint={t('school.payeeNameHint')}
          autoComplete="off"
          invalid={invalid('payeeName')} error={w.fieldErrors.payeeName}
          {...register('payeeName')}
        />
        <TextField
          id="mailingAddress"
          className="sm:col-span-2"
          label={t('school.mailingAddress')}
          autoComplete="off"
          invalid={invalid('mailingAddress')} error={w.fieldErrors.mailingAddress}
          {...register('mailingAddress')}
        />
        <TextField id="schoolCity" label={t('school.city')} autoComplete="off" invalid={invalid('schoolCity')} error={w.fieldErrors.schoolCity} {...register('schoolCity')} />
        <TextField id="schoolState" label={t('school.state')} autoComplete="off" invalid={invalid('schoolState')} error={w.fieldErrors.schoolState} {...register('schoolState')} />
        <TextField id="schoolZipCode" label={t('school.zipCode')} autoComplete="off" invalid={invalid('schoolZipCode')} error={w.fieldErrors.schoolZipCode} {...register('schoolZipCode')} />
        <div className="sm:col-span-2">
          <Label htmlFor="deliveryInstructions">
            {t('school.deliveryInstructions')} <span className="font-normal text-slate-600">{t('common.optional')}</span>
          </Label>
          <Textarea id="deliveryInstructions" rows={3} aria-describedby="deliveryInstructions-hint" {...register('deliveryInstructions')} />
          <FieldHint id="deliveryInstructions-hint">{t('school.deliveryInstructionsHint')}</FieldHint>
        </div>
        <TextField id="studentFullName" label={t('school.studentFullName')} autoComplete="off" invalid={invalid('studentFullName')} error={w.fieldErrors.studentFullName} {...register('studentFullName')} />
        <TextField id="studentId" label={t('school.studentId')} autoComplete="off" invalid={invalid('studentId')} error={w.fieldErrors.studentId} {...register('studentId')} />
        <TextField
          id="termReference"
          label={t('school.termReference')}
          placeholder={t('school.termReferencePlaceholder')}
          autoComplete="off"
          invalid={invalid('termReference')} error={w.fieldErrors.termReference}
          {...register('termReference')}
        />
        <TextField
          id="studentEmail"
          type="email"
          label={t('school.studentEmail')}
          autoComplete="email"
          invalid={invalid('studentEmail')} error={w.fieldErrors.studentEmail}
          {...register('studentEmail')}
        />
      </div>
      {formProblem ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formProblem}
        </p>
      ) : null}
      <StepActions>
        <Button variant="outline" onClick={w.back} className="w-full sm:w-auto">
          {t('school.back')}
        </Button>
        <Button type="submit" className="w-full sm:w-auto">
          {t('school.continue')}
        </Button>
      </StepActions>
    </form>
  );
}

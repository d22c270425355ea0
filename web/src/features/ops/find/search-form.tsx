import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/input';
import { parseTypedAmount } from '@/lib/amount';
import { corridors, emptySearch, paymentStates, type FindValues, type SearchField } from '../lib/search';

type Translate = (key: string) => string;

/** usd reads a typed US dollar amount ('2,500.50', '2.500,50', '2500') as the API's decimal text; '' stays ''. */
export function usdText(typed: string): string | null {
  if (typed.trim() === '') return '';
  const n = parseTypedAmount(typed, 'USD');
  return Number.isNaN(n) || n <= 0 ? null : String(n);
}

function schema(t: Translate) {
  const amount = z.string().refine((s) => usdText(s) !== null, t('find.errors.amount'));
  return z
    .object({
      q: z.string(),
      status: z.array(z.enum(paymentStates as [FindValues['status'][number], ...FindValues['status']])),
      corridor: z.enum(['', ...corridors]),
      min_usd: amount,
      max_usd: amount,
      from: z.string(),
      to: z.string(),
    })
    .refine((v) => !(usdText(v.min_usd) && usdText(v.max_usd) && Number(usdText(v.max_usd)) < Number(usdText(v.min_usd))), {
      path: ['max_usd'],
      message: t('find.errors.amountOrder'),
    })
    .refine((v) => !(v.from && v.to && v.to < v.from), { path: ['to'], message: t('find.errors.dateOrder') });
}

export interface SearchFormProps {
  initial: FindValues;
  onSearch: (v: FindValues) => void;
  /** serverError is the API's refusal of the current search, shown under the field it names. */
  serverError?: { field: SearchField; message: string } | null;
}

/** SearchForm is Find's search: one box, states, corridor, amounts in USD and dates. */
export function SearchForm({ initial, onSearch, serverError }: SearchFormProps) {
  const { t } = useTranslation('ops');
  const form = useForm<FindValues>({ resolver: zodResolver(schema(t)), defaultValues: initial });
  const { register, handleSubmit, formState } = form;
  const errorOf = (f: SearchField): string | undefined =>
    formState.errors[f]?.message ?? (serverError?.field === f ? serverError.message : undefined);
  const submit = handleSubmit((v) =>
    onSearch({ ...v, min_usd: usdText(v.min_usd) ?? '', max_usd: usdText(v.max_usd) ?? '' }),
  );
  const statusError = errorOf('status');
  const corridorError = errorOf('corridor');
  return (
    <form onSubmit={submit} noValidate role="search" aria-label={t('find.searchLabel')} className="space-y-4">
      <TextField id="ops-q" label={t('find.q')} hint={t('find.qHint')} error={errorOf('q')} autoComplete="off" {...register('q')} />
      <fieldset aria-describedby={statusError ? 'ops-status-error' : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">{t('find.status')}</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-4">
          {paymentStates.map((s) => (
            <label key={s} htmlFor={`ops-status-${s}`} className="flex items-center gap-2 text-sm text-slate-800">
              <input id={`ops-status-${s}`} type="checkbox" value={s} className="h-4 w-4 accent-navy" {...register('status')} />
              {t(`states.${s}`)}
            </label>
          ))}
        </div>
        {statusError ? <FieldError id="ops-status-error">{statusError}</FieldError> : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <Label htmlFor="ops-corridor">{t('find.corridor')}</Label>
          <NativeSelect
            id="ops-corridor"
            aria-invalid={corridorError ? true : undefined}
            aria-describedby={corridorError ? 'ops-corridor-error' : undefined}
            {...register('corridor')}
          >
            <option value="">{t('find.anyCorridor')}</option>
            {corridors.map((c) => (
              <option key={c} value={c}>
                {t(`corridors.${c}`)}
              </option>
            ))}
          </NativeSelect>
          {corridorError ? <FieldError id="ops-corridor-error">{corridorError}</FieldError> : null}
        </div>
        <TextField id="ops-min-usd" label={t('find.minUsd')} inputMode="decimal" autoComplete="off" error={errorOf('min_usd')} {...register('min_usd')} />
        <TextField id="ops-max-usd" label={t('find.maxUsd')} inputMode="decimal" autoComplete="off" error={errorOf('max_usd')} {...register('max_usd')} />
        <TextField id="ops-from" type="date" label={t('find.from')} error={errorOf('from')} {...register('from')} />
        <TextField id="ops-to" type="date" label={t('find.to')} error={errorOf('to')} {...register('to')} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{t('find.search')}</Button>
        <Button
          variant="outline"
          onClick={() => {
            form.reset(emptySearch);
            onSearch(emptySearch);
          }}
        >
          {t('find.clear')}
        </Button>
      </div>
    </form>
  );
}

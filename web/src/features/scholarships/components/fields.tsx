import type { ReactNode, SelectHTMLAttributes, InputHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import { cn } from '@/lib/cn';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30';

export interface Choice {
  value: string;
  label: string;
  /** disabled options stay listed (with their count) but cannot be chosen. */
  disabled?: boolean;
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; choices: Choice[]; hint?: string };

/** SelectField is a native select tied to its label (and hint). */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { id, label, choices, hint, className, ...props },
  ref,
) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} ref={ref} className={control} aria-describedby={hint ? `${id}-hint` : undefined} {...props}>
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
});

type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string };

/** TextField is an input tied to its label, hint and error. */
export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { id, label, hint, error, className, ...props },
  ref,
) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} ref={ref} className={control} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

/** ChoiceGroup is a fieldset of checkboxes or radios, each tied to its label. */
export function ChoiceGroup({
  legend,
  name,
  type,
  choices,
  inputProps,
  columns = 2,
  children,
}: {
  legend: string;
  name: string;
  type: 'checkbox' | 'radio';
  choices: Choice[];
  inputProps: (value: string) => InputHTMLAttributes<HTMLInputElement>;
  columns?: 1 | 2 | 3;
  children?: ReactNode;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      <div className={cn('grid gap-2', columns === 2 && 'sm:grid-cols-2', columns === 3 && 'sm:grid-cols-3')}>
        {choices.map((c) => {
          const id = `${name}-${c.value || 'unset'}`;
          return (
            <label key={c.value} htmlFor={id} className="flex cursor-pointer items-start gap-2 rounded-md px-1 py-1 text-base text-slate-800 hover:bg-slate-50">
              <input id={id} type={type} value={c.value} className="mt-1 h-4 w-4 shrink-0 accent-navy" {...inputProps(c.value)} />
              <span>{c.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** choices labels a list of values from a translation prefix. */
export function choices(values: readonly string[], label: (v: string) => string): Choice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FieldError, FieldHint, Label } from '@/components/ui/label';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  inputClassName?: string;
}

/** Field is an input tied to its label, with its hint and error under it (aria-describedby). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ id, label, hint, error, className, inputClassName, ...props }, ref) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} className={inputClassName} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
});

/** PasswordField adds the show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Field {...props} type={shown ? 'text' : 'password'} className={props.className} inputClassName="pr-12" />
      <button
        type="button"
        className="absolute right-2 top-8 rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-slate-100"
        aria-label={shown ? t('labels.hidePassword') : t('labels.showPassword')}
        aria-controls={props.id}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown ? <path d="M3 3l18 18" strokeLinecap="round" /> : null}
        </svg>
      </button>
    </div>
  );
}

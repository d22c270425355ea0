import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './input';
import { FieldError, FieldHint, Label } from './label';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** error: the message under the field (it also marks the field invalid). */
  error?: string | null;
  invalid?: boolean;
}

/**
 * TextField is an Input tied to its Label (htmlFor/id), its hint and its
 * error (both through aria-describedby; the error sits under the field).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, hint, error, invalid, className, ...props },
  ref,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} aria-invalid={invalid || Boolean(error) || undefined} aria-describedby={describedBy} {...props} />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
});

import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { FieldHint, Label } from '@/components/ui/label';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  invalid?: boolean;
}

/** TextField is an Input tied to its Label (htmlFor/id) and its hint (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, hint, invalid, className, ...props },
  ref,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} aria-invalid={invalid || undefined} aria-describedby={hintId} {...props} />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
});

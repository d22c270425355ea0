// The console's small inline forms for one action on one object: a
// required reason (the audit log keeps it), sometimes more fields, and the
// server's refusal shown on the field it names or under the buttons.
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldError, FieldHint, Label } from '@/components/ui/label';
import { ApiError, answerText } from '@/lib/api-client';

/** fieldError is the server's refusal when it names field. */
export function fieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError && err.field === field ? err.message : undefined;
}

/** ReasonField is the required reason of an action, tied to its label, hint and error. */
export function ReasonField({ id, value, onChange, error, hint }: { id: string; value: string; onChange: (v: string) => void; error?: string; hint?: string }) {
  const { t } = useTranslation('ops');
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Label htmlFor={id}>{t('action.reason')}</Label>
      <Textarea id={id} rows={2} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export interface ActionFormProps {
  /** label names the form (a region of the page). */
  label: string;
  children: ReactNode;
  submit: string;
  busy: boolean;
  /** error is the server's refusal; fields lists the form's fields, whose refusals are shown on them instead. */
  error: unknown;
  fields: string[];
  onSubmit: () => void;
  onCancel: () => void;
  destructive?: boolean;
}

/** ActionForm frames the fields of one action with its submit and cancel buttons. */
export function ActionForm({ label, children, submit, busy, error, fields, onSubmit, onCancel, destructive }: ActionFormProps) {
  const { t } = useTranslation('ops');
  const general = error && !(error instanceof ApiError && fields.includes(error.field)) ? answerText(error, t('action.failed')) : '';
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label={label} onSubmit={send} noValidate className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
          {submit}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel} disabled={busy}>
          {t('action.cancel')}
        </Button>
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Done is the line that says an action went through. */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-2 text-sm font-semibold text-green-800">
      {children}
    </p>
  );
}

import { useState, type TextareaHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { ApiError, answerText } from '@/lib/api-client';
import { useChangeOperators } from '../api/operators';
import type { Role } from '../api/ops-me';

const roles: Role[] = ['support', 'finance', 'admin'];
type Translate = (key: string) => string;

const email = (t: Translate) => z.string().trim().min(1, t('operators.errors.email'));
const reason = (t: Translate) => z.string().trim().min(1, t('operators.errors.reason')).max(500, t('operators.errors.reasonLong'));

/** serverFieldError is the server's refusal when it names one of the form's fields. */
function serverFieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError && err.field === field ? err.message : undefined;
}

/** formError is the server's refusal when it names none of the form's fields. */
function formError(err: unknown, fields: string[], fallback: string): string | undefined {
  if (!err) return undefined;
  if (err instanceof ApiError && fields.includes(err.field)) return undefined;
  return answerText(err, fallback);
}

function ReasonField({ id, error, ...props }: { id: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { t } = useTranslation('ops');
  return (
    <div>
      <Label htmlFor={id}>{t('operators.reason')}</Label>
      <Textarea id={id} rows={2} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

interface SetValues {
  email: string;
  role: Role;
  reason: string;
}

/** SetOperatorForm makes an account an operator, or changes its role; the reason is required. */
export function SetOperatorForm() {
  const { t } = useTranslation('ops');
  const { set } = useChangeOperators();
  const [done, setDone] = useState('');
  const schema = z.object({ email: email(t), role: z.enum(roles as [Role, ...Role[]]), reason: reason(t) });
  const form = useForm<SetValues>({ resolver: zodResolver(schema), defaultValues: { email: '', role: 'support', reason: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    setDone('');
    set.mutate(v, {
      onSuccess: () => {
        setDone(t('operators.saved', { email: v.email, role: t(`roles.${v.role}`) }));
        form.reset({ email: '', role: v.role, reason: '' });
      },
    });
  });
  const general = formError(set.error, ['email', 'role', 'reason'], t('operators.failed'));
  const roleError = errors.role?.message ?? serverFieldError(set.error, 'role');
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <TextField id="ops-set-email" type="email" autoComplete="off" label={t('operators.email')} error={errors.email?.message ?? serverFieldError(set.error, 'email')} {...form.register('email')} />
      <div>
        <Label htmlFor="ops-set-role">{t('operators.role')}</Label>
        <NativeSelect id="ops-set-role" aria-invalid={roleError ? true : undefined} aria-describedby={roleError ? 'ops-set-role-error' : undefined} {...form.register('role')}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </NativeSelect>
        {roleError ? <FieldError id="ops-set-role-error">{roleError}</FieldError> : null}
      </div>
      <div className="md:col-span-2">
        <ReasonField id="ops-set-reason" error={errors.reason?.message ?? serverFieldError(set.error, 'reason')} {...form.register('reason')} />
      </div>
      <div className="flex flex-wrap items-center gap-4 md:col-span-2">
        <Button type="submit" disabled={set.isPending}>
          {t('operators.save')}
        </Button>
        {done ? (
          <p role="status" className="text-sm font-semibold text-green-800">
            {done}
          </p>
        ) : null}
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
      </div>
    </form>
  );
}

interface RemoveValues {
  email: string;
  reason: string;
}

/** RemoveOperatorForm ends an account's operator role, after a confirmation; the reason is required. */
export function RemoveOperatorForm() {
  const { t } = useTranslation('ops');
  const { remove } = useChangeOperators();
  const [confirming, setConfirming] = useState<RemoveValues | null>(null);
  const [done, setDone] = useState('');
  const schema = z.object({ email: email(t), reason: reason(t) });
  const form = useForm<RemoveValues>({ resolver: zodResolver(schema), defaultValues: { email: '', reason: '' } });
  const { errors } = form.formState;
  const ask = form.handleSubmit((v) => {
    setDone('');
    remove.reset();
    setConfirming(v);
  });
  const confirm = () => {
    if (!confirming) return;
    const v = confirming;
    remove.mutate(v, {
      onSuccess: () => {
        setDone(t('operators.removed', { email: v.email }));
        form.reset({ email: '', reason: '' });
      },
      onSettled: () => setConfirming(null),
    });
  };
  const general = formError(remove.error, ['email', 'reason'], t('operators.failed'));
  return (
    <form onSubmit={ask} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <TextField id="ops-remove-email" type="email" autoComplete="off" label={t('operators.email')} error={errors.email?.message ?? serverFieldError(remove.error, 'email')} {...form.register('email')} />
      <div className="md:col-span-2">
        <ReasonField id="ops-remove-reason" error={errors.reason?.message ?? serverFieldError(remove.error, 'reason')} {...form.register('reason')} />
      </div>
      <div className="flex flex-wrap items-center gap-4 md:col-span-2">
        <Button type="submit" variant="destructive">
          {t('operators.remove')}
        </Button>
        {done ? (
          <p role="status" className="text-sm font-semibold text-green-800">
            {done}
          </p>
        ) : null}
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
      </div>
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(null);
        }}
        title={t('operators.confirmTitle')}
        description={t('operators.confirmText', { email: confirming?.email ?? '' })}
        cancel={t('operators.cancel')}
        confirm={t('operators.confirmRemove')}
        onConfirm={confirm}
        busy={remove.isPending}
      />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useChangePassword } from '../api/settings-api';
import { errorText, fieldOf, Saved } from './form-bits';

/** PasswordCard is Change Password: the current one, the new one twice. */
export function PasswordCard() {
  const { t } = useTranslation('dashboard');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) return setMismatch(true);
    setMismatch(false);
    change.mutate(
      { current_password: current, new_password: next },
      { onSuccess: () => (setCurrent(''), setNext(''), setConfirm('')) },
    );
  };
  const err = change.isError ? errorText(change.error, t('settings.failed')) : null;
  const field = fieldOf(change.error);
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{t('password.heading')}</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <TextField
          id="password-current"
          type="password"
          autoComplete="current-password"
          label={t('password.current')}
          value={current}
          required
          onChange={(e) => setCurrent(e.target.value)}
          error={field === 'current_password' ? err : null}
        />
        <TextField
          id="password-new"
          type="password"
          autoComplete="new-password"
          label={t('password.new')}
          hint={t('password.rules')}
          value={next}
          required
          onChange={(e) => setNext(e.target.value)}
          error={field === 'new_password' ? err : null}
        />
        <TextField
          id="password-confirm"
          type="password"
          autoComplete="new-password"
          label={t('password.confirm')}
          value={confirm}
          required
          onChange={(e) => setConfirm(e.target.value)}
          error={mismatch ? t('password.mismatch') : null}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={change.isPending || !current || !next || !confirm}>
            {change.isPending ? t('settings.saving') : t('password.submit')}
          </Button>
          {change.isSuccess ? <Saved>{t('password.changed')}</Saved> : null}
          {err && field !== 'current_password' && field !== 'new_password' ? (
            <p role="alert" className="text-sm text-red-800">
              {err}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

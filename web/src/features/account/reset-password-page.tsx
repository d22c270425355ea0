import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { answerText } from '@/lib/api-client';
import { AccountError, accountApi } from './api/account-api';
import { PasswordField } from './field';

/** ResetPasswordPage sets a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('reset.title')} — Crebit`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [loading, setLoading] = useState(false);
  const mismatch = confirm !== '' && password !== confirm;
  const submit = async () => {
    setLoading(true);
    setError(null);
    try {
      await accountApi.resetPassword(token, password);
      setState('done');
    } catch (err) {
      if (err instanceof AccountError && err.code === 'link_invalid') setState('invalid');
      else setError(answerText(err, t('signup.network')));
    } finally {
      setLoading(false);
    }
  };
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-ink">{t('reset.title')}</h1>
      {state === 'done' ? (
        <p role="status" className="mt-6 rounded-md bg-green-50 p-4 text-green-900">
          {t('reset.done')}{' '}
          <Link to="/signin" className="font-semibold underline">{t('signin.submit')}</Link>
        </p>
      ) : state === 'invalid' ? (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-red-900">
          {t('reset.invalid')}{' '}
          <Link to="/forgot-password" className="font-semibold underline">{t('reset.again')}</Link>
        </p>
      ) : (
        <form noValidate className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onSubmit={(e) => { e.preventDefault(); if (!mismatch) void submit(); }}>
          <PasswordField id="password" autoComplete="new-password" label={t('labels.password')} value={password}
            hint={t('signup.passwordRules')} onChange={(e) => setPassword(e.target.value)} error={error} maxLength={128} />
          <PasswordField id="confirmPassword" autoComplete="new-password" label={t('labels.confirmPassword')} value={confirm}
            onChange={(e) => setConfirm(e.target.value)} error={mismatch ? t('signup.passwordsMismatch') : null} maxLength={128} />
          <Button type="submit" className="w-full" disabled={loading || !password || password !== confirm}>{t('reset.submit')}</Button>
        </form>
      )}
    </main>
  );
}

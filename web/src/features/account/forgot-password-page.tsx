import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { answerText } from '@/lib/api-client';
import { accountApi } from './api/account-api';
import { Field } from './field';

/** ForgotPasswordPage asks for the e-mail; the answer is always the same. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('forgot.title')} — Crebit`);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submit = async () => {
    setLoading(true);
    setError(null);
    try {
      await accountApi.forgotPassword(email);
      setSent(true);
    } catch (err) {
      setError(answerText(err, t('signup.network')));
    } finally {
      setLoading(false);
    }
  };
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-ink">{t('forgot.title')}</h1>
      {sent ? (
        <p role="status" className="mt-6 rounded-md bg-green-50 p-4 text-green-900">{t('forgot.sent')}</p>
      ) : (
        <form noValidate className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <p className="text-slate-700">{t('forgot.help')}</p>
          <Field id="email" type="email" autoComplete="email" label={t('labels.email')} value={email}
            onChange={(e) => setEmail(e.target.value)} error={error} maxLength={254} />
          <Button type="submit" className="w-full" disabled={loading || email.trim() === ''}>{t('forgot.submit')}</Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-semibold text-blue-700 underline">{t('forgot.back')}</Link>
      </p>
    </main>
  );
}

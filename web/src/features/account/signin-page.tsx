import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { answerText } from '@/lib/api-client';
import { AccountError, accountApi, safeNext, type SignInAnswer } from './api/account-api';
import { useSetMe } from './api/use-me';
import { Field, PasswordField } from './field';

/** SignInPage: e-mail and password, then the two-factor code when it is on. */
export function SignInPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('signin.title')} — Crebit`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setMe = useSetMe();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [stepToken, setStepToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const message = (err: unknown): string => {
    if (!(err instanceof AccountError)) return t('signup.network');
    if (err.status === 429) return t('signin.limited', { minutes: Math.max(1, Math.ceil(err.retryAfter / 60)) });
    if (err.code === 'two_factor_code_invalid') return t('signin.codeInvalid');
    if (err.code === 'two_factor_step_expired') return t('signin.codeExpired');
    if (err.status === 401 || err.status === 400) return t('signin.generic');
    return answerText(err, t('signup.network'));
  };

  const done = (res: SignInAnswer) => {
    if (res.two_factor_required && res.two_factor_token) {
      setStepToken(res.two_factor_token);
      return;
    }
    if (res.me) setMe(res.me);
    navigate(safeNext(params.get('next')));
  };

  const submit = async () => {
    setLoading(true);
    setError(null);
    try {
      done(stepToken ? await accountApi.signInCode(stepToken, code) : await accountApi.signIn(email, password));
    } catch (err) {
      if (err instanceof AccountError && err.code === 'two_factor_step_expired') setStepToken(null);
      setError(message(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-ink">{stepToken ? t('signin.codeTitle') : t('signin.title')}</h1>
      <p className="mb-6 mt-2 text-center text-slate-700">{stepToken ? t('signin.codeHelp') : t('signin.subtitle')}</p>
      <form noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {stepToken ? (
          <Field id="code" label={t('labels.code')} value={code} autoComplete="one-time-code" inputMode="text" maxLength={11}
            onChange={(e) => setCode(e.target.value)} error={error} autoFocus />
        ) : (
          <>
            <Field id="email" type="email" autoComplete="email" label={t('labels.email')} value={email}
              onChange={(e) => setEmail(e.target.value)} maxLength={254} />
            <PasswordField id="password" autoComplete="current-password" label={t('labels.password')} value={password}
              onChange={(e) => setPassword(e.target.value)} error={error} maxLength={512} />
          </>
        )}
        <Button type="submit" className="w-full" disabled={loading || (stepToken ? code.trim() === '' : !email || !password)}>
          {loading ? t('signin.submitting') : stepToken ? t('signin.verify') : t('signin.submit')}
        </Button>
        <div className="flex items-center justify-between text-sm">
          <Link to="/forgot-password" className="font-semibold text-blue-700 underline">{t('signin.forgot')}</Link>
          <Link to="/" className="font-semibold text-slate-700 underline">{t('signin.goBack')}</Link>
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('signin.noAccount')}{' '}
        <Link to="/signup" className="font-semibold text-blue-700 underline">{t('signin.signUp')}</Link>
      </p>
    </main>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { usePageMeta } from '@/lib/page-meta';
import { accountApi } from './api/account-api';
import { meKey } from './api/use-me';

/** VerifyEmailPage uses the e-mailed verification link once. */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('verify.title')} — Crebit`);
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const [state, setState] = useState<'working' | 'done' | 'invalid'>('working');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accountApi
      .verifyEmail(params.get('token') ?? '')
      .then(() => {
        setState('done');
        void qc.invalidateQueries({ queryKey: meKey });
      })
      .catch(() => setState('invalid'));
  }, [params, qc]);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-3xl font-bold text-ink">{t('verify.title')}</h1>
      <p role="status" className="mt-6 text-lg text-slate-800">{t(`verify.${state}`)}</p>
      {state === 'done' ? (
        <Link to="/dashboard" className="mt-6 inline-block font-semibold text-blue-700 underline">{t('verify.dashboard')}</Link>
      ) : null}
    </main>
  );
}

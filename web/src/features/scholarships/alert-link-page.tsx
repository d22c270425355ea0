import './strings';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { confirmAlert, unsubscribeAlert } from './api/alerts';

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-xl">
        <Card>
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <div className="mt-4 space-y-4 text-base text-slate-800">{children}</div>
        </Card>
      </div>
    </main>
  );
}

/** AlertConfirmPage (/scholarship-alerts/confirm): the e-mailed link's second step, taken at once. */
export function AlertConfirmPage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('alerts.confirmTitle'), t('alerts.confirmTitle'));
  const [params] = useSearchParams();
  const confirm = useMutation({ mutationFn: () => confirmAlert(params.get('id') ?? '', params.get('token') ?? '') });
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      confirm.mutate();
    }
  }, [confirm]);
  return (
    <Shell title={t('alerts.confirmTitle')}>
      {confirm.isPending && <p role="status">{t('alerts.confirming')}</p>}
      {confirm.isSuccess && confirm.data.status === 'active' && <p role="status">{t('alerts.confirmed')}</p>}
      {confirm.isSuccess && confirm.data.status === 'unsubscribed' && <p role="status">{t('alerts.alreadyEnded')}</p>}
      {confirm.isError && <p role="alert" className="text-red-900">{errorMessage(confirm.error, t('alerts.linkInvalid'))}</p>}
      <Link to="/dashboard/scholarships" className="font-semibold text-blue-800 underline">{t('alerts.manage')}</Link>
    </Shell>
  );
}

/** AlertUnsubscribePage (/scholarship-alerts/unsubscribe): one button, so a link scanner's visit changes nothing. */
export function AlertUnsubscribePage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('alerts.unsubscribeTitle'), t('alerts.unsubscribeTitle'));
  const [params] = useSearchParams();
  const stop = useMutation({ mutationFn: () => unsubscribeAlert(params.get('id') ?? '', params.get('token') ?? '') });
  return (
    <Shell title={t('alerts.unsubscribeTitle')}>
      {stop.isSuccess ? (
        <p role="status">{t('alerts.unsubscribed')}</p>
      ) : (
        <>
          <p>{t('alerts.unsubscribeLead')}</p>
          <Button onClick={() => stop.mutate()} disabled={stop.isPending}>{t('alerts.unsubscribeButton')}</Button>
        </>
      )}
      {stop.isError && <p role="alert" className="text-red-900">{errorMessage(stop.error, t('alerts.linkInvalid'))}</p>}
    </Shell>
  );
}

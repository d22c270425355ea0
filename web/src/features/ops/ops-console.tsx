// The operations console at /ops. It asks GET /api/ops/me first: anyone who
// is not an operator (or is signed out) gets the app's ordinary not-found
// page, exactly as for a path that does not exist — nothing here says that
// a console exists until the server has said this person is an operator.
import { Suspense, type ReactNode } from 'react';
import { Link, Outlet, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, hasCode } from '@/lib/api-client';
import { useOpsMe, type Operator } from './api/ops-me';
import { ConsoleShell } from './components/console-shell';

/** ConsoleContext is what the console's pages get from the shell (useConsole). */
export interface ConsoleContext {
  me: Operator;
  notFound: ReactNode;
}

/** useConsole is the operator using the console, and the not-found page, for a page inside it. */
export const useConsole = () => useOutletContext<ConsoleContext>();

export interface OpsConsoleProps {
  /** notFound is the app's not-found page, shown to anyone who is not an operator. */
  notFound: ReactNode;
}

/** OpsConsole is the /ops layout: the operator check, then the shell around the page of the URL. */
export function OpsConsole({ notFound }: OpsConsoleProps) {
  // Only the common namespace here: the console's own strings load once the
  // server has said this is an operator.
  const { t } = useTranslation('common');
  const me = useOpsMe();
  if (me.isPending) return <p className="p-8 text-center text-slate-600">{t('loading')}</p>;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 404) return <>{notFound}</>;
    if (hasCode(me.error, 'two_factor_required')) return <TwoFactorNeeded message={me.error.message} />;
    return <ConsoleUnavailable retry={() => void me.refetch()} />;
  }
  return <ConsolePages me={me.data} notFound={notFound} />;
}

function ConsolePages({ me, notFound }: { me: Operator; notFound: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <ConsoleShell me={me}>
      <Suspense fallback={<p className="p-8 text-center text-slate-600">{t('loading')}</p>}>
        <Outlet context={{ me, notFound } satisfies ConsoleContext} />
      </Suspense>
    </ConsoleShell>
  );
}

/** TwoFactorNeeded is shown to an operator whose sign-in did not pass two-factor authentication recently. */
function TwoFactorNeeded({ message }: { message: string }) {
  const { t } = useTranslation('ops');
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold text-ink">{t('twoFactor.title')}</h1>
      <p role="alert" className="mt-4 text-slate-800">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <Link to="/signin?next=/ops" className="font-semibold text-blue-700 underline">
          {t('twoFactor.signIn')}
        </Link>
        <Link to="/dashboard/settings" className="font-semibold text-blue-700 underline">
          {t('twoFactor.settings')}
        </Link>
      </div>
    </main>
  );
}

function ConsoleUnavailable({ retry }: { retry: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p role="alert" className="text-slate-800">
        {t('unavailable')}
      </p>
      <button type="button" onClick={retry} className="mt-4 font-semibold text-blue-700 underline">
        {t('retry')}
      </button>
    </main>
  );
}

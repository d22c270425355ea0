import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/session';

/** RequireAccount shows its children only when signed in; otherwise it sends to /signin?next=<here>. */
export function RequireAccount({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const me = useMe();
  if (me.isPending) return <p className="p-8 text-center text-slate-600">{t('loading')}</p>;
  // Slashes stay readable: /signin?next=/dashboard.
  const next = encodeURIComponent(pathname + search).replace(/%2F/g, '/');
  if (!me.data) return <Navigate replace to={`/signin?next=${next}`} />;
  return <>{children}</>;
}

/** VerifyBanner asks a signed-in account to confirm its e-mail until it has. */
export function VerifyBanner() {
  const { t } = useTranslation('account');
  const me = useMe();
  if (!me.data || me.data.email_verified) return null;
  return (
    <p role="status" className="bg-yellow-50 px-4 py-3 text-center text-sm text-yellow-900">
      {t('banner.unverified')}
    </p>
  );
}

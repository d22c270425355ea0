import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Operator } from '../api/ops-me';

/** ConsoleShell frames the console's pages: its name, the nav and who is signed in with which role. */
export function ConsoleShell({ me, children }: { me: Operator; children: ReactNode }) {
  const { t } = useTranslation('ops');
  const link = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-1.5 text-sm font-semibold', isActive ? 'bg-navy text-white' : 'text-navy hover:bg-slate-100');
  return (
    <div className="min-w-0 bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="text-base font-bold text-ink">{t('title')}</p>
          <nav aria-label={t('nav.label')} className="flex flex-wrap gap-1">
            <NavLink to="/ops" end className={link}>
              {t('nav.find')}
            </NavLink>
            {me.role !== 'support' ? (
              <>
                <NavLink to="/ops/returns" className={link}>
                  {t('nav.returns')}
                </NavLink>
                <NavLink to="/ops/rewards" className={link}>
                  {t('nav.rewards')}
                </NavLink>
              </>
            ) : null}
            <NavLink to="/ops/support" className={link}>
              {t('nav.support')}
            </NavLink>
            <NavLink to="/ops/health" className={link}>
              {t('nav.health')}
            </NavLink>
            <NavLink to="/ops/audit" className={link}>
              {t('nav.audit')}
            </NavLink>
            {me.role === 'admin' ? (
              <NavLink to="/ops/operators" className={link}>
                {t('nav.operators')}
              </NavLink>
            ) : null}
          </nav>
          <p className="ml-auto min-w-0 break-all text-sm text-slate-700">
            <span className="sr-only">{t('signedInAs')} </span>
            {me.email} · <span className="font-semibold">{t(`roles.${me.role}`)}</span>
          </p>
        </div>
      </div>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 [overflow-wrap:anywhere]">
        {children}
      </main>
    </div>
  );
}

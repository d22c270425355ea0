import { Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequireAccount, VerifyBanner } from '@/components/require-account';
import { QuickMatchOffer } from '@/components/quick-match-offer';
import { usePageMeta } from '@/lib/page-meta';
import { useMe } from '@/lib/session';
import { DashboardNav } from './components/dashboard-nav';
import { Mascot } from './components/mascot';
import { UserCard } from './components/user-card';
import type { DashboardTab } from './tabs';

/**
 * DashboardPage is the signed-in account's dashboard: the header, the
 * sidebar (a menu on phones) with the user card and the mascot, and the tab
 * of the URL (/dashboard, /dashboard/payment, ...). The app passes the tabs.
 */
export function DashboardPage({ tabs }: { tabs: DashboardTab[] }) {
  return (
    <RequireAccount>
      <DashboardShell tabs={tabs} />
    </RequireAccount>
  );
}

function DashboardShell({ tabs }: { tabs: DashboardTab[] }) {
  const { t } = useTranslation('dashboard');
  const { tab = '' } = useParams();
  const me = useMe().data;
  const [menuOpen, setMenuOpen] = useState(false);
  const current = tabs.find((x) => x.path === tab);
  usePageMeta(current ? `${t(`nav.${current.id}`)} — ${t('title')}` : t('title'), t('subtitle'));
  if (!current) return <Navigate replace to="/dashboard" />;
  if (!me) return null;
  const name = me.first_name;
  const Tab = current.Component;
  return (
    <div className="bg-slate-50">
      <VerifyBanner />
      <div className="mx-auto max-w-7xl px-4 py-6 md:flex md:gap-8 md:py-10">
        <aside className="md:w-64 md:shrink-0">
          <div className="flex items-center justify-between md:hidden">
            <p className="font-semibold text-ink">{t(`nav.${current.id}`)}</p>
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls="dashboard-menu"
              onClick={() => setMenuOpen((o) => !o)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-ink"
            >
              {menuOpen ? t('menu.close') : t('menu.open')}
            </button>
          </div>
          <nav
            id="dashboard-menu"
            aria-label={t('menu.label')}
            className={`${menuOpen ? 'block' : 'hidden'} mt-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:sticky md:top-24 md:mt-0 md:block`}
          >
            <DashboardNav tabs={tabs} onNavigate={() => setMenuOpen(false)} />
            <div className="mt-6">
              <UserCard me={me} />
            </div>
            <Mascot name={name} />
          </nav>
        </aside>
        <main id="main" className="mt-6 min-w-0 flex-1 md:mt-0">
          <header className="mb-6">
            <h1 className="text-3xl font-bold text-ink">{t('title')}</h1>
            <p className="mt-1 text-slate-700">{t('subtitle')}</p>
          </header>
          <QuickMatchOffer />
          <Suspense fallback={<p className="text-slate-600">{t('loading')}</p>}>
            <Tab />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

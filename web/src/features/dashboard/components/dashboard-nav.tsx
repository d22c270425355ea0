import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { tabHref, type DashboardTab } from '../tabs';

const icons: Record<DashboardTab['id'], string> = {
  dashboard: 'M3 12l9-8 9 8M5 10v10h14V10',
  payment: 'M3 7h18v10H3zM3 11h18',
  'fx-quotes': 'M4 17l5-5 4 4 7-8',
  scholarships: 'M12 4l9 4-9 4-9-4 9-4zM7 10v5c3 2 7 2 10 0v-5',
  support: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9 10a3 3 0 116 0c0 2-3 2-3 4M12 18h.01',
  settings: 'M12 8a4 4 0 100 8 4 4 0 000-8zM4 12h2M18 12h2M12 4v2M12 18v2',
};

/** DashboardNav lists the tabs, each a link to its own URL. */
export function DashboardNav({ tabs, onNavigate }: { tabs: DashboardTab[]; onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="space-y-1">
      {tabs.map((tab) => (
        <li key={tab.id}>
          <NavLink
            to={tabHref(tab.path)}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium',
                isActive ? 'bg-navy text-white' : 'text-slate-800 hover:bg-slate-100',
              )
            }
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d={icons[tab.id]} />
            </svg>
            {t(`nav.${tab.id}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

// The shape of a dashboard tab. The registry itself (which component each
// tab shows) is src/app/dashboard-tabs.tsx, so tabs built in other feature
// folders are composed by the app, never imported by this feature.
import type { ComponentType } from 'react';

export type DashboardTabId = 'dashboard' | 'payment' | 'fx-quotes' | 'scholarships' | 'support' | 'settings';

export interface DashboardTab {
  id: DashboardTabId;
  /** path: the URL segment after /dashboard ('' for the overview). */
  path: string;
  Component: ComponentType;
}

/** tabHref is a tab's own URL, so reload and Back keep it. */
export function tabHref(path: string): string {
  return path ? `/dashboard/${path}` : '/dashboard';
}

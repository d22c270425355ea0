// The dashboard's tabs, in sidebar order: which component each URL shows.
// The app composes them (features do not import each other); each tab is
// its own lazy chunk.
import { lazy } from 'react';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import type { DashboardTab } from '@/features/dashboard/tabs';

const OverviewTab = lazy(() => import('@/features/dashboard/overview/overview-tab').then((m) => ({ default: m.OverviewTab })));
const SettingsTab = lazy(() => import('@/features/dashboard/settings/settings-tab').then((m) => ({ default: m.SettingsTab })));
const PaymentTab = lazy(() => import('@/features/dashboard/payment/payment-tab').then((m) => ({ default: m.PaymentTab })));
const FxQuotesTab = lazy(() => import('@/features/quote/fx-quotes-tab').then((m) => ({ default: m.FxQuotesTab })));
const TrackerTab = lazy(() => import('@/features/scholarships/tracker-tab').then((m) => ({ default: m.TrackerTab })));
// The Support tab with the message form of the contact feature (a message
// from here opens a support conversation, answered by e-mail).
const SupportTab = lazy(() =>
  Promise.all([import('@/features/dashboard/support/support-tab'), import('@/features/contact/components/message-form')]).then(([tab, form]) => ({
    default: () => <tab.SupportTab messageForm={<form.MessageForm signedIn idPrefix="support" />} />,
  })),
);

export const dashboardTabs: DashboardTab[] = [
  { id: 'dashboard', path: '', Component: OverviewTab },
  { id: 'payment', path: 'payment', Component: PaymentTab },
  { id: 'fx-quotes', path: 'fx-quotes', Component: FxQuotesTab },
  { id: 'scholarships', path: 'scholarships', Component: TrackerTab },
  { id: 'support', path: 'support', Component: SupportTab },
  { id: 'settings', path: 'settings', Component: SettingsTab },
];

/** DashboardRoute is the /dashboard and /dashboard/:tab screen. */
export function DashboardRoute() {
  return <DashboardPage tabs={dashboardTabs} />;
}

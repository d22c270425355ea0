import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { NotFoundPage } from '@/components/not-found-page';
import { opsRoute } from './ops-routes';
import { RootLayout } from './root-layout';

// Every route of both specification documents and PRODUCT.md. Each screen
// is loaded lazily, so each route's code is its own chunk.
type Loader = () => Promise<{ Component: ComponentType }>;

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Loader {
  return () => load().then((m) => ({ Component: pick(m) }));
}

export const routes: Array<{ path: string; lazy: Loader }> = [
  { path: '/', lazy: page(() => import('@/features/marketing/home-page'), (m) => m.HomePage) },
  { path: '/tuition-payments', lazy: page(() => import('@/features/marketing/home-page'), (m) => m.HomePage) },
  { path: '/foreign-exchange', lazy: page(() => import('@/features/marketing/fx-page'), (m) => m.FxPage) },
  { path: '/country-selection', lazy: page(() => import('@/features/marketing/country-selection-page'), (m) => m.CountrySelectionPage) },
  { path: '/quote', lazy: page(() => import('@/features/quote/quote-page'), (m) => m.QuotePage) },
  { path: '/get-started', lazy: page(() => import('@/features/wizard/brazil-page'), (m) => m.BrazilWizardPage) },
  { path: '/get-started-mexico', lazy: page(() => import('@/features/wizard/mexico-page'), (m) => m.MexicoWizardPage) },
  { path: '/how-it-works', lazy: page(() => import('@/features/info/how-it-works-page'), (m) => m.HowItWorksPage) },
  { path: '/how-it-works/guide', lazy: page(() => import('@/features/info/payment-guide-page'), (m) => m.PaymentGuidePage) },
  { path: '/payment-status-updates', lazy: page(() => import('@/features/info/status-updates-page'), (m) => m.StatusUpdatesPage) },
  { path: '/check-payment-status', lazy: page(() => import('@/features/info/check-status-page'), (m) => m.CheckStatusPage) },
  { path: '/compliance', lazy: page(() => import('@/features/info/compliance-page'), (m) => m.CompliancePage) },
  { path: '/contact', lazy: page(() => import('@/features/contact/contact-page'), (m) => m.ContactPage) },
  { path: '/payment-authorization', lazy: page(() => import('@/features/info/payment-authorization-page'), (m) => m.PaymentAuthorizationPage) },
  { path: '/payment-complete', lazy: page(() => import('@/features/info/payment-complete-page'), (m) => m.PaymentCompletePage) },
  { path: '/partner-terms-done', lazy: page(() => import('@/features/info/partner-terms-done-page'), (m) => m.PartnerTermsDonePage) },
  { path: '/terms', lazy: page(() => import('@/features/legal/terms-page'), (m) => m.TermsPage) },
  { path: '/terms-of-service', lazy: page(() => import('@/features/legal/terms-page'), (m) => m.TermsPage) },
  { path: '/privacy', lazy: page(() => import('@/features/legal/privacy-page'), (m) => m.PrivacyPage) },
  { path: '/privacy-policy', lazy: page(() => import('@/features/legal/privacy-page'), (m) => m.PrivacyPage) },
  { path: '/track', lazy: page(() => import('@/features/track/track-page'), (m) => m.TrackPage) },
  { path: '/signup', lazy: page(() => import('@/features/account/signup-page'), (m) => m.SignUpPage) },
  { path: '/signin', lazy: page(() => import('@/features/account/signin-page'), (m) => m.SignInPage) },
  { path: '/forgot-password', lazy: page(() => import('@/features/account/forgot-password-page'), (m) => m.ForgotPasswordPage) },
  { path: '/reset-password', lazy: page(() => import('@/features/account/reset-password-page'), (m) => m.ResetPasswordPage) },
  { path: '/verify-email', lazy: page(() => import('@/features/account/verify-email-page'), (m) => m.VerifyEmailPage) },
  { path: '/sandbox-mailbox', lazy: page(() => import('@/features/account/sandbox-mailbox-page'), (m) => m.SandboxMailboxPage) },
  { path: '/dashboard', lazy: page(() => import('./dashboard-tabs'), (m) => m.DashboardRoute) },
  { path: '/dashboard/:tab', lazy: page(() => import('./dashboard-tabs'), (m) => m.DashboardRoute) },
  { path: '/scholarships', lazy: page(() => import('@/features/scholarships/scholarships-page'), (m) => m.ScholarshipsPage) },
  { path: '/signup-stage1', lazy: page(() => import('@/features/scholarships/quick-match-page'), (m) => m.QuickMatchPage) },
  { path: '/scholarship-eligibility', lazy: page(() => import('@/features/scholarships/eligibility-page'), (m) => m.EligibilityPage) },
  { path: '/scholarship-search', lazy: page(() => import('@/features/scholarships/search-page'), (m) => m.ScholarshipSearchPage) },
  { path: '/scholarship-alerts/confirm', lazy: page(() => import('@/features/scholarships/alert-link-page'), (m) => m.AlertConfirmPage) },
  { path: '/scholarship-alerts/unsubscribe', lazy: page(() => import('@/features/scholarships/alert-link-page'), (m) => m.AlertUnsubscribePage) },
];

/** routeObjects is the tree handed to the router. */
export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: () => null,
    children: [...routes.map((r) => ({ path: r.path, lazy: r.lazy })), opsRoute, { path: '*', element: <NotFoundPage /> }],
  },
];

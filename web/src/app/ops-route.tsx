// The operations console (/ops), composed by the app: the console shows
// the app's own not-found page to anyone who is not an operator, so that it
// answers exactly as a path that does not exist. Its pages are here too, so
// that ops-routes.ts loads the whole console through one import.
import { OpsConsole } from '@/features/ops/ops-console';
import { NotFoundPage } from '@/components/not-found-page';

export { FindPage } from '@/features/ops/find/find-page';
export { ExplainPage } from '@/features/ops/explain/explain-page';
export { AuditPage } from '@/features/ops/audit/audit-page';
export { OperatorsRoute } from '@/features/ops/operators/operators-page';
export { RewardsRoute } from '@/features/ops/rewards/rewards-page';
export { ReturnsRoute } from '@/features/ops/returns/returns-page';
export { HealthPage } from '@/features/ops/health/health-page';
export { SupportPage } from '@/features/ops/support/support-page';
export { ConversationPage } from '@/features/ops/support/conversation-page';

/** OpsRoute is the /ops layout (the pages are ops-routes.ts's children). */
export function OpsRoute() {
  return <OpsConsole notFound={<NotFoundPage />} />;
}

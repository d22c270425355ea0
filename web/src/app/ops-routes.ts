// The operations console's routes (/ops). The console is one lazy chunk
// (ops-route.tsx), loaded through one import, so it adds nothing to the
// public bundle but this table. Its layout asks the server who the operator
// is before any page shows.
import type { RouteObject } from 'react-router';

const loadConsole = () => import('./ops-route');

export const opsRoute: RouteObject = {
  path: '/ops',
  lazy: () => loadConsole().then((m) => ({ Component: m.OpsRoute })),
  children: [
    { index: true, lazy: () => loadConsole().then((m) => ({ Component: m.FindPage })) },
    { path: 'payments/:id', lazy: () => loadConsole().then((m) => ({ Component: m.ExplainPage })) },
    { path: 'audit', lazy: () => loadConsole().then((m) => ({ Component: m.AuditPage })) },
    { path: 'operators', lazy: () => loadConsole().then((m) => ({ Component: m.OperatorsRoute })) },
    { path: 'rewards', lazy: () => loadConsole().then((m) => ({ Component: m.RewardsRoute })) },
    { path: 'returns', lazy: () => loadConsole().then((m) => ({ Component: m.ReturnsRoute })) },
    { path: 'health', lazy: () => loadConsole().then((m) => ({ Component: m.HealthPage })) },
    { path: 'support', lazy: () => loadConsole().then((m) => ({ Component: m.SupportPage })) },
    { path: 'support/:id', lazy: () => loadConsole().then((m) => ({ Component: m.ConversationPage })) },
  ],
};

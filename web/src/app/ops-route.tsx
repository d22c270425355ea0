// The operations console (/ops/*), composed by the app: the console shows
// the app's own not-found page to anyone who is not an operator, so that it
// answers exactly as a path that does not exist.
import { OpsConsole } from '@/features/ops/ops-console';
import { NotFoundPage } from './not-found-page';

/** OpsRoute is the /ops/* screen. */
export function OpsRoute() {
  return <OpsConsole notFound={<NotFoundPage />} />;
}

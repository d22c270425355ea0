import { ComingSoon } from '@/components/coming-soon';

/** HomePage is built in a later issue; for now it says so. */
export function HomePage() {
  return <ComingSoon title="Crebit" />;
}

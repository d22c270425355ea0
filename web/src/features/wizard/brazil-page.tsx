import { Wizard } from './components/wizard';
import { brazil } from '@/features/payments/lib/country';

/** BrazilWizardPage is /get-started: pay in reais with Pix, receive US dollars. */
export function BrazilWizardPage() {
  return <Wizard config={brazil} />;
}

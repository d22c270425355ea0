import { Wizard } from './components/wizard';
import { mexico } from '@/features/payments/lib/country';

/** MexicoWizardPage is /get-started-mexico: pay in pesos with SPEI, receive US dollars. */
export function MexicoWizardPage() {
  return <Wizard config={mexico} />;
}

import { LegalDocument } from './components/legal-document';

/** TermsPage is the Terms of Service (/terms and /terms-of-service). */
export function TermsPage() {
  return <LegalDocument doc="terms" />;
}

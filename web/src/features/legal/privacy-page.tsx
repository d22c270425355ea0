import { LegalDocument } from './components/legal-document';

/** PrivacyPage is the Privacy Policy (/privacy and /privacy-policy). */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" />;
}

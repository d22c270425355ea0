// The request bodies the wizard sends, built from its state.

import type { CheckDetailsPayload } from '../api/create-payment';
import type { WizardForm } from './state';

/**
 * fingerprint is a short hash of a payload, to tell whether step 1 changed
 * since the customer was created without keeping a second copy of it.
 */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** checkDetailsPayload builds check_details from step 3. */
export function checkDetailsPayload(f: WizardForm): CheckDetailsPayload {
  const t = (s: string) => s.trim();
  const d: CheckDetailsPayload = {
    school_name: t(f.schoolName),
    payee_name: t(f.payeeName),
    mailing_address: t(f.mailingAddress),
    city: t(f.schoolCity),
    state: t(f.schoolState),
    zip_code: t(f.schoolZipCode),
    student_full_name: t(f.studentFullName),
    student_id: t(f.studentId),
    term_reference: t(f.termReference),
    student_email: t(f.studentEmail),
  };
  if (t(f.deliveryInstructions)) d.delivery_instructions = t(f.deliveryInstructions);
  return d;
}

/** senderName is the payer's name as typed in step 1. */
export function senderName(f: WizardForm): string {
  return `${f.firstName.trim()} ${f.lastName.trim()}`.trim();
}

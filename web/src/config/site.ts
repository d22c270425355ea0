// External addresses, phone numbers and the support e-mail, in one place.
export const site = {
  name: 'Crebit',
  supportEmail: 'support@crebit.io',
  phones: ['+1 (617) 555-0142', '+1 (305) 555-0187', '+1 (213) 555-0119'],
  bookingUrl: 'https://calendly.com/crebit/intro',
  waitlistEmail: 'waitlist@crebit.io',
} as const;

/** mailto builds a mail link with an optional subject. */
export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

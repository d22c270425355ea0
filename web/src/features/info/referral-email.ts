/**
 * isValidReferralEmail is the specification's rule for a friend's address:
 * non-empty and containing both '@' and '.'. The server checks again.
 */
export function isValidReferralEmail(email: string): boolean {
  const e = email.trim();
  return e !== '' && e.includes('@') && e.includes('.');
}

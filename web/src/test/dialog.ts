import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * findDialog waits for the dialog named `name` to be open and to take
 * clicks. A Radix modal turns pointer events off on the page as it opens
 * and gives them back to itself one render later; on a busy machine a test
 * can find its buttons in between, and a click there fails (as a person's
 * could not land either).
 */
export async function findDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }));
  return dialog;
}

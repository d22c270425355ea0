import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { TermsPage } from './terms-page';
import { PrivacyPage } from './privacy-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['legal']);
});

function renderPage(page: ReactElement) {
  render(<MemoryRouter>{page}</MemoryRouter>);
}

describe.each([
  ['Terms of Service', <TermsPage key="t" />],
  ['Privacy Policy', <PrivacyPage key="p" />],
])('%s', (title, page) => {
  // The Privacy Policy changed when accounts began keeping their payments' history.
  const updated = title === 'Privacy Policy' ? '2026-11-24' : '2026-11-22';
  it('has one h1, a last-updated date and a contents list whose every link reaches its section', () => {
    renderPage(page);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(document.title).toBe(`${title} — Crebit`);
    expect(screen.getByText(/Last updated:/).querySelector('time')).toHaveAttribute('datetime', updated);

    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      const section = document.getElementById(id);
      expect(section, `section #${id}`).not.toBeNull();
      expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent!);
    }
  });
});

describe('the legal texts', () => {
  it('terms: Delaware law, refunds, agent-only role, no withdrawal once processing begins', () => {
    renderPage(<TermsPage />);
    expect(screen.getByText(/governed by the laws of the State of Delaware/)).toBeInTheDocument();
    expect(screen.getByText(/Refund requests must be made within 30 days of the transaction/)).toBeInTheDocument();
    expect(screen.getByText(/Refunds are paid only to the original sender/)).toBeInTheDocument();
    expect(screen.getByText(/only when a technical failure stopped the transmission/)).toBeInTheDocument();
    expect(screen.getByText(/Crebit is not a bank or money transmitter/)).toBeInTheDocument();
    expect(screen.getByText(/cannot be withdrawn, cancelled or redirected/)).toBeInTheDocument();
  });

  it('privacy: only the e-mail address is kept once the transaction completes', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByText(/Once your transaction is complete, Crebit itself keeps only your e-mail address/)).toBeInTheDocument();
    expect(screen.getByText(/Identity and transaction records required by law are held by our licensed partner/)).toBeInTheDocument();
  });
});

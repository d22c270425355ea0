import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import en from '@/locales/en/scholarships.json';
import { ResultCard } from './result-card';
import type { Program } from '../api/types';

beforeAll(async () => {
  await i18nReady;
  i18next.addResourceBundle('en', 'scholarships', en);
});

function program(over: Partial<Program> = {}): Program {
  return {
    id: 'p1', title: 'Test Fellowship', provider: 'Test Foundation', description: 'For graduate students.',
    official_url: 'https://example.org/apply',
    amount: { min: null, max: 20000, currency: 'USD', text: 'Up to US$20,000 a year.' },
    deadline: { status: 'closed', date: '2026-01-15', expected: '2027-01-15', month: 1 },
    renewable: true, coverage: ['tuition'], award_types: ['merit'], levels: ['graduate'], fields: ['any'], tags: ['graduate'],
    requirements: ['An essay'], eligibility: ['Brazilian nationals'], applicants: null, awarded: null, verified_at: '2026-11-01',
    cycle: { status: 'next_expected', date: '2026-01-15', month: 1 },
    sources: [
      { url: 'https://example.org/rules', official: true, read_at: '2026-11-01', content_date: '2026', facts: ['amount', 'deadline', 'eligibility'] },
      { url: 'https://news.example.com/story', official: false, read_at: '2026-11-01', content_date: null, facts: ['amount'] },
    ],
    legitimacy: { official_source: 'https://example.org/rules', runner: 'foundation', free_to_apply: true, loan: false, may_be_loan: false },
    match: 88, eligible: true, why: [{ facet: 'nationality', value: 'BR' }, { facet: 'level', value: 'graduate' }],
    ...over,
  };
}

describe('ResultCard', () => {
  it('states who runs the program, its official page and that applying is free; a loan says it must be repaid', () => {
    const { rerender } = render(<ResultCard p={program()} expanded={false} onToggle={() => {}} />);
    const legit = screen.getByTestId('legitimacy');
    expect(legit).toHaveTextContent('Run by a foundation');
    expect(legit).toHaveTextContent('Free to apply');
    expect(screen.getByRole('link', { name: /Official page/ })).toHaveAttribute('href', 'https://example.org/rules');
    expect(legit).not.toHaveTextContent('Loan');
    rerender(<ResultCard p={program({ legitimacy: { runner: 'lender', free_to_apply: true, loan: true, may_be_loan: false } })} expanded={false} onToggle={() => {}} />);
    expect(screen.getByTestId('legitimacy')).toHaveTextContent('Loan: must be repaid');
    expect(screen.getByTestId('legitimacy')).toHaveTextContent('Third-party sources only');
  });

  it('says why the listing can be trusted: the organizer page it was checked on and when, no fee, no sweepstakes; without an official page it warns', () => {
    const { rerender } = render(<ResultCard p={program({ sources: [{ url: 'https://example.org/rules', official: true, read_at: '2026-10-02', content_date: '2026', facts: ['amount'] }] })} expanded onToggle={() => {}} />);
    const trust = screen.getByTestId('trust');
    expect(trust).toHaveTextContent("Checked on the organizer's own page (example.org), read on Oct 2, 2026.");
    expect(trust).toHaveTextContent('no fee to apply');
    expect(trust).toHaveTextContent('not a sweepstakes');
    rerender(
      <ResultCard
        p={program({ legitimacy: { runner: 'nonprofit', free_to_apply: true, loan: false, may_be_loan: false }, sources: [{ url: 'https://news.example.com/story', official: false, read_at: '2026-11-01', content_date: null, facts: ['amount'] }] })}
        expanded onToggle={() => {}}
      />,
    );
    expect(screen.getByTestId('trust')).toHaveTextContent('We found no official page for this program, only third-party pages (read Nov 1, 2026). Confirm it with the organizer before you share personal data.');
  });

  it('lists each source with whether it is official, when it was read and how old its content is', () => {
    render(<ResultCard p={program()} expanded onToggle={() => {}} />);
    const items = screen.getByTestId('sources').querySelectorAll('li');
    expect(items[0]).toHaveTextContent('example.org — official page; read Nov 1, 2026; content dated 2026');
    expect(items[1]).toHaveTextContent('news.example.com — third party; read Nov 1, 2026; the page shows no date');
  });

  it('says when a program has ended, with no deadline guessed', () => {
    render(<ResultCard p={program({ cycle: { status: 'discontinued', since: '2021', evidence: 'https://example.org/end' } })} expanded={false} onToggle={() => {}} />);
    expect(screen.getByTestId('cycle-status')).toHaveTextContent('Discontinued (no call since 2021)');
  });

  it('shows a passed deadline as the last one and the cycle as the sources show it (no guessed date), the match and why it matched, and hides unsourced figures', () => {
    render(<ResultCard p={program()} expanded={false} onToggle={() => {}} />);
    expect(screen.getByText(/Last deadline Jan 15, 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('cycle-status')).toHaveTextContent('Cycle: Next cycle expected around January');
    expect(screen.queryByText(/2027/)).toBeNull();
    expect(screen.getByText('88% match')).toBeInTheDocument();
    expect(screen.getByText('Citizens of Brazil')).toBeInTheDocument();
    expect(screen.getByText('Level: graduate')).toBeInTheDocument();
    expect(screen.getByText('Up to USD 20,000')).toBeInTheDocument();
    expect(screen.queryByText(/Applicants/)).toBeNull();
    expect(screen.queryByText(/Awarded/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Requirements', hidden: true })).not.toBeVisible();
  });

  it('shows sourced figures with their source, and Apply Now / Visit Website open the official page in a new tab', async () => {
    const onToggle = vi.fn();
    render(
      <ResultCard p={program({ applicants: { value: 1200, source: 'https://example.org/report' }, awarded: { value: 10, source: 'https://example.org/report' } })}
        expanded onToggle={onToggle} />,
    );
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('10')).toBeInTheDocument();
    for (const name of [/Apply Now/, /Visit Website/]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', 'https://example.org/apply');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Hide details of Test Fellowship' }));
    expect(onToggle).toHaveBeenCalledOnce();
  });
});

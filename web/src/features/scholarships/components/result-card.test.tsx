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
    match: 88, eligible: true, why: [{ facet: 'nationality', value: 'BR' }, { facet: 'level', value: 'graduate' }],
    ...over,
  };
}

describe('ResultCard', () => {
  it('shows a passed deadline as closed until the next cycle, the match and why it matched, and hides unsourced figures', () => {
    render(<ResultCard p={program()} expanded={false} onToggle={() => {}} />);
    expect(screen.getByText(/Closed until the next cycle \(expected around Jan 15, 2027\)/)).toBeInTheDocument();
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

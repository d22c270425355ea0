import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';
import { EligibilityPage } from './eligibility-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['scholarships']);
});

afterEach(() => vi.unstubAllGlobals());

// A slow network once wiped what the student had typed when the saved
// answers arrived (the CI run of 2026-11-24 lost the GPA and the income).
describe('EligibilityPage', () => {
  it('keeps what the student typed when the saved answers arrive later', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn((url: string) =>
      url.includes('/eligibility')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(new Response(JSON.stringify({}), { status: 200 })),
    ));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <EligibilityPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('GPA', { exact: true }), '3.6');
    answer(new Response(JSON.stringify({ gpa: '2.0', gender: 'woman' }), { status: 200 }));
    // The saved answer fills what was left untouched; the typed GPA stays.
    await waitFor(() => expect(screen.getByLabelText('Gender')).toHaveValue('woman'));
    expect(screen.getByLabelText('GPA', { exact: true })).toHaveValue('3.6');
  });
});

describe('EligibilityPage after Quick Match', () => {
  it('does not ask again what Quick Match already knows: race, gender, first generation and GPA are filled in', async () => {
    vi.stubGlobal('fetch', vi.fn((url: string) => {
      const body = url.includes('/profile')
        ? { raceEthnicityTags: ['hispanic_latino'], genderIdentityTags: ['woman'], genderTags: [], firstGen: 'yes', gpaCurrent: 8.7, gpaScale: '10.0' }
        : { race: '', gender: '', firstGeneration: '', householdIncome: '', gpa: '', extracurriculars: [] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <EligibilityPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('Gender')).toHaveValue('woman'));
    expect(screen.getByTestId('prefilled-note')).toHaveTextContent('We filled in what you already told us in Quick Match');
    expect(screen.getByLabelText('Race / ethnicity')).toHaveValue('hispanic_latino');
    expect(screen.getByLabelText('GPA', { exact: true })).toHaveValue('8.7/10');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    // What Quick Match does not cover is still asked.
    expect(screen.getByLabelText('Household income (US$ per year)')).toHaveValue('');
  });
});

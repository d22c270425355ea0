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
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
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

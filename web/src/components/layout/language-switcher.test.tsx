import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render as rtlRender, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { displayLanguage } from '@/lib/language';
import { formatMoney } from '@/lib/money';
import { meKey, type Me } from '@/lib/session';
import { LanguageSwitcher } from './language-switcher';

/** render shows ui with a query cache, signed in as me (or signed out). */
function render(ui: ReactElement, me: Me | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meKey, me);
  return rtlRender(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const account: Me = {
  id: 'acc_1', email: 'ana@example.com', first_name: 'Ana', last_name: 'Souza', email_verified: true,
  two_factor_enabled: false, kyc_status: 'approved', language: '',
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['layout']);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  document.cookie = 'crebit_lang=; Path=/; Max-Age=0';
  await act(() => i18next.changeLanguage('en'));
});

describe('LanguageSwitcher', () => {
  it('names each language in its own language, under a label', () => {
    render(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Português (Brasil)', 'Español (México)']);
  });

  it('switches the language, remembers it in the cookie and follows in <html lang> and formats', async () => {
    render(<LanguageSwitcher showLabel />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'pt-BR');
    await waitFor(() => expect(document.documentElement.lang).toBe('pt-BR'));
    expect(document.cookie).toContain('crebit_lang=pt-BR');
    expect(displayLanguage()).toBe('pt-BR');
    expect(formatMoney(1000, 'USD').replace(/\u00a0/g, ' ')).toBe('US$ 1.000,00');
    // The label itself is now in Portuguese.
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
  });

  it('signed in, remembers the choice on the account', async () => {
    const calls: Array<{ url: string; method?: string; body?: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body as string });
      return new Response(null, { status: 204 });
    });
    render(<LanguageSwitcher />, account);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-MX');
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/me/language', method: 'PUT', body: JSON.stringify({ lang: 'es-MX' }) }));
    expect(document.documentElement.lang).toBe('es-MX');
  });

  it('signed in, remembers a choice made before the account was read', async () => {
    // GET /api/me answers only after the choice (a page just opened on a slow machine).
    let answerMe: (r: Response) => void = () => {};
    const calls: Array<{ url: string; method?: string; body?: string }> = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body as string });
      if (url === '/api/me') return new Promise<Response>((resolve) => (answerMe = resolve));
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    rtlRender(
      <QueryClientProvider client={client}>
        <LanguageSwitcher />
      </QueryClientProvider>,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es-MX');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/me'));
    answerMe(Response.json({ ...account, language: 'pt-BR' }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/me/language', method: 'PUT', body: JSON.stringify({ lang: 'es-MX' }) }));
    await waitFor(() => expect(document.documentElement.lang).toBe('es-MX'));
    expect(client.getQueryData<Me>(meKey)?.language).toBe('es-MX');
  });

  it("after sign-in, follows the account's language", async () => {
    render(<LanguageSwitcher />, { ...account, language: 'pt-BR' });
    await waitFor(() => expect(document.documentElement.lang).toBe('pt-BR'));
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import { displayLanguage } from '@/lib/language';
import { formatMoney } from '@/lib/money';
import { LanguageSwitcher } from './language-switcher';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['layout']);
});

afterEach(async () => {
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
});

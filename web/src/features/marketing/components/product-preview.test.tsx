import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18next, i18nReady } from '@/lib/i18n';
import { ProductPreview } from './product-preview';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['marketing', 'common']);
});

// Issue 26 item 11: the home page's product preview was a picture with
// English words and US number formats on the Portuguese and Spanish pages.
describe('ProductPreview', () => {
  it.each([
    ['pt-BR', ['Câmbio ao vivo, travado por 5 minutos', '1 USD = 5,42', 'R$ 3.412,80', 'US$ 12.500,00', 'Pix recebido', 'Em até 3 horas em dia útil']],
    ['es-MX', ['Tipo de cambio en vivo, fijo por 5 minutos', '1 USD = 18.56', 'MX$11,630.50', 'USD 12,500.00', 'Pago SPEI recibido', 'En camino a tu cuenta bancaria en EE. UU.']],
    ['en', ['Live rate, locked for 5 minutes', '1 USD = 5.42', 'R$ 3.412,80', '$12,500.00', 'Pix payment received', 'Within 3 hours on a business day']],
  ])('reads in %s, with its number formats', async (lang, texts) => {
    await i18next.changeLanguage(lang);
    try {
      const { container } = render(<ProductPreview />);
      const shown = (container.textContent ?? '').replace(/\u00a0/g, ' ');
      for (const text of texts) expect(shown).toContain(text);
      if (lang !== 'en') expect(shown).not.toMatch(/\b(Live rate|Saved|tuition|received|Converted|Arriving|business day)\b/);
      // One description for screen readers, in the language.
      expect(screen.getByRole('img')).toHaveAccessibleName(i18next.t('marketing:preview.alt'));
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

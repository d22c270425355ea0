import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { languages } from './language';

// One promise per delivery method (PRODUCT.md): the texts that state a
// delivery time nest common:promise.*, so every page, step and legal text
// says the same thing in every language.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

async function translator(lng: string) {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, mod] of Object.entries(files)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (lang === lng && ns) resources[ns] = mod.default;
  }
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: resources }, interpolation: { escapeValue: false } });
  return i18n;
}

describe('delivery promise', () => {
  it('reads the same in the wizard, the site and the terms (English)', async () => {
    const i18n = await translator('en');
    expect(i18n.t('wizard:amount.review.bank')).toBe('USD arrives in your US bank account within 3 hours on a business day.');
    expect(i18n.t('wizard:amount.review.pix')).toBe('PIX payments are instant.');
    expect(i18n.t('wizard:delivery.check.body')).toBe('We mail a check to your school: 5-7 business days, with full tracking.');
    expect(i18n.t('marketing:home.hero.lead')).toContain('to your US bank account within 3 hours on a business day.');
    expect(i18n.t('info:howItWorks.delivery.bank.time')).toBe('Within 3 hours on a business day');
    // Lists read with returnObjects resolve their nested texts too.
    const next = i18n.t('wizard:received.nextBank', { returnObjects: true }) as string[];
    expect(next[1]).toBe('The USD is sent to your US bank account and arrives within 3 hours on a business day.');
    const terms = i18n.t('legal:terms.sections', { returnObjects: true }) as { body: string[] }[];
    expect(terms[7]?.body[0]).toContain('sent to a bank account in your name, within 3 hours on a business day;');
  });

  it.each(languages)('leaves no nesting unresolved and no "1 hour" promise in %s', async (lng) => {
    const i18n = await translator(lng);
    const keys = ['wizard:amount.review.bank', 'wizard:delivery.bank.body', 'marketing:steps.receive.body', 'marketing:fx.steps.lead',
      'marketing:countrySelection.lead', 'info:howItWorks.delivery.bank.time'];
    for (const key of keys) {
      const text = i18n.t(key);
      expect(text, key).not.toMatch(/\$t\(|\b1 (hour|hora)\b/);
      expect(text, key).toContain(i18n.t(key.endsWith('.time') ? 'common:promise.usdBankTitle' : 'common:promise.usdBank'));
    }
  });
});

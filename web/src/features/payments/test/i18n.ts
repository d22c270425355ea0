// A ready i18next instance with the wizard's English strings, for tests.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import wizard from '@/locales/en/wizard.json';
import common from '@/locales/en/common.json';
import type { Translate } from '@/features/payments/lib/validation';

export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['wizard', 'common'],
  defaultNS: 'wizard',
  resources: { en: { wizard, common } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** t is the wizard namespace's translate function. */
export const t = testI18n.getFixedT('en', 'wizard') as unknown as Translate;

// A ready i18next instance with the wizard's English strings, for tests.
// Components reach it through <I18nextProvider i18n={testI18n}>: it is not
// registered with react-i18next (no initReactI18next), which would make it
// the instance of every later component without a provider, in this file and
// in the files run after it in the same worker (the suite is not isolated).
import i18next from 'i18next';
import wizard from '@/locales/en/wizard.json';
import common from '@/locales/en/common.json';
import type { Translate } from '@/features/payments/lib/validation';

export const testI18n = i18next.createInstance();
void testI18n.init({
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

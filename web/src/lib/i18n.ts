import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initialLanguage, isLanguage, languages, rememberLanguage, setDisplayLanguage, type Language } from './language';

// English is the source language. Every user-visible string lives in
// src/locales/<language>/<namespace>.json. The dynamic import below makes
// Vite emit one chunk per language and namespace, so a screen loads only its
// own namespaces, and only in the chosen language (plus English as the
// fallback, which the key check keeps from ever being needed).
export const supportedLanguages = languages;

export const i18nReady = i18next
  .use(initReactI18next)
  .use(
    resourcesToBackend(
      (language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`),
    ),
  )
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...supportedLanguages],
    load: 'currentOnly',
    ns: ['common', 'layout'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

/** syncDocumentLanguage makes <html lang>, and the format of numbers and dates, follow the language. */
function syncDocumentLanguage(lng: string) {
  if (isLanguage(lng)) setDisplayLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
i18next.on('languageChanged', syncDocumentLanguage);
if (i18next.language) syncDocumentLanguage(i18next.language);

/** currentLanguage is the language shown now. */
export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : 'en';
}

/** changeLanguage switches the app's language and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  rememberLanguage(lang);
  await i18next.changeLanguage(lang);
}

export { i18next };

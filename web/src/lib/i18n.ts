import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

// English is the source language. Every user-visible string lives in
// src/locales/<language>/<namespace>.json; a feature's namespace is loaded
// with the feature's code (Vite splits each JSON into its own chunk), so
// Brazilian Portuguese and Mexican Spanish can be added as files alone.
export const supportedLanguages = ['en'] as const;

export const i18nReady = i18next
  .use(initReactI18next)
  .use(
    resourcesToBackend(
      (language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`),
    ),
  )
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...supportedLanguages],
    ns: ['common', 'layout'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

export { i18next };

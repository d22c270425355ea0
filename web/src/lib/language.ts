// The languages of the product and how one is chosen. English is the source;
// Brazilian Portuguese and Mexican Spanish are complete translations (the key
// check, scripts/check-locales.mjs, keeps them so).
//
// A first visit picks from the browser's languages (pt* → pt-BR, es* →
// es-MX, else en); a choice made with the switcher is remembered in the
// crebit_lang cookie, which the server reads too (its error messages follow
// it), and wins afterwards.

export const languages = ['en', 'pt-BR', 'es-MX'] as const;
export type Language = (typeof languages)[number];

/** languageNames are each language's own name, shown as is in every language. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  'es-MX': 'Español (México)',
};

export const languageCookie = 'crebit_lang';

/** isLanguage says whether s is one of the product's languages, exactly. */
export function isLanguage(s: string | undefined | null): s is Language {
  return (languages as readonly string[]).includes(s ?? '');
}

/** matchLanguage maps a BCP 47 tag to a product language, or undefined. */
export function matchLanguage(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'es') return 'es-MX';
  if (primary === 'en') return 'en';
  return undefined;
}

/** readLanguageCookie returns the remembered choice in a Cookie header value. */
export function readLanguageCookie(cookie: string): Language | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === languageCookie) {
      const value = decodeURIComponent(rest.join('='));
      return isLanguage(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * pickLanguage decides the language of a visit: the remembered choice, else
 * the first of the browser's languages that the product speaks, else English.
 */
export function pickLanguage(cookie: string, preferred: readonly string[]): Language {
  const remembered = readLanguageCookie(cookie);
  if (remembered) return remembered;
  for (const tag of preferred) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en';
}

/** languageCookieValue is the Set-Cookie text that remembers a choice for a year. */
export function languageCookieValue(lang: Language, secure: boolean): string {
  return `${languageCookie}=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** rememberLanguage stores the choice in the cookie. */
export function rememberLanguage(lang: Language): void {
  document.cookie = languageCookieValue(lang, window.location.protocol === 'https:');
}

/** initialLanguage is the language the app starts in. */
export function initialLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(document.cookie, preferred);
}

// The language numbers and dates are shown in. i18n.ts keeps it equal to the
// app's language; lib/money.ts reads it, so formatting needs no i18next.
let display: Language = 'en';

/** displayLanguage is the language numbers and dates follow now. */
export function displayLanguage(): Language {
  return display;
}

/** setDisplayLanguage is called by i18n.ts when the language changes. */
export function setDisplayLanguage(lang: Language): void {
  display = lang;
}

/** intlLocale is the Intl locale of a language (English is en-US). */
export function intlLocale(lang: Language): string {
  return lang === 'en' ? 'en-US' : lang;
}

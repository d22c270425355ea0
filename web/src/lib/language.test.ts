import { describe, expect, it } from 'vitest';
import { languageCookieValue, matchLanguage, pickLanguage, readLanguageCookie } from './language';

describe('pickLanguage', () => {
  const cases: [string, string, string[], string][] = [
    ['Portuguese browser', '', ['pt-PT', 'en'], 'pt-BR'],
    ['Brazilian browser', '', ['pt-BR'], 'pt-BR'],
    ['Spanish browser', '', ['es-ES', 'en'], 'es-MX'],
    ['Mexican browser', '', ['es-MX'], 'es-MX'],
    ['German then Spanish', '', ['de-DE', 'es'], 'es-MX'],
    ['unknown only', '', ['fr-FR', 'de'], 'en'],
    ['no languages', '', [], 'en'],
    ['English first', '', ['en-US', 'pt-BR'], 'en'],
    ['cookie wins over browser', 'a=1; crebit_lang=es-MX; b=2', ['pt-BR'], 'es-MX'],
    ['cookie English wins', 'crebit_lang=en', ['pt-BR'], 'en'],
    ['bad cookie ignored', 'crebit_lang=fr', ['pt-BR'], 'pt-BR'],
    ['cookie is exact', 'crebit_lang=pt', ['es'], 'es-MX'],
  ];
  it.each(cases)('%s', (_, cookie, preferred, want) => {
    expect(pickLanguage(cookie, preferred)).toBe(want);
  });
});

describe('language cookie', () => {
  it('round-trips through the Set-Cookie text', () => {
    const v = languageCookieValue('pt-BR', true);
    expect(v).toContain('Path=/');
    expect(v).toContain('SameSite=Lax');
    expect(v).toContain('Secure');
    expect(readLanguageCookie(v.split(';')[0] ?? '')).toBe('pt-BR');
    expect(languageCookieValue('en', false)).not.toContain('Secure');
  });
  it('matches tags by their primary language', () => {
    expect(matchLanguage('PT_br')).toBe('pt-BR');
    expect(matchLanguage('es-419')).toBe('es-MX');
    expect(matchLanguage('eng')).toBeUndefined();
  });
});

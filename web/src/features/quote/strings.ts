// The rate page's strings. English, the source language, ships inside the
// page's own chunk: loading it as a separate file after the chunk would add
// one more round trip before the first paint. Other languages load through
// the i18n backend as usual.
import { i18next } from '@/lib/i18n';
import en from '@/locales/en/quote.json';

if (!i18next.hasResourceBundle('en', 'quote')) i18next.addResourceBundle('en', 'quote', en);
await i18next.loadNamespaces('quote');

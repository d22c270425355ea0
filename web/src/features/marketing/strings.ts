// The marketing screens' strings. English, the source language, ships inside
// the screens' own chunk: loading it as a separate file after the chunk would
// add one more round trip before the first paint of the landing page. Other
// languages load through the i18n backend as usual.
import { i18next } from '@/lib/i18n';
import en from '@/locales/en/marketing.json';

if (!i18next.hasResourceBundle('en', 'marketing')) i18next.addResourceBundle('en', 'marketing', en);
await i18next.loadNamespaces('marketing');

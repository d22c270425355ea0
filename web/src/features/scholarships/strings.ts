// The scholarship screens' strings. English ships inside the feature's chunk
// (as the rate page does) so the first paint needs no extra round trip.
import { i18next } from '@/lib/i18n';
import en from '@/locales/en/scholarships.json';

if (!i18next.hasResourceBundle('en', 'scholarships')) i18next.addResourceBundle('en', 'scholarships', en);
await i18next.loadNamespaces('scholarships');

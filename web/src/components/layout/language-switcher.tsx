import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountLanguage, useChooseLanguage } from '@/lib/session';
import { isLanguage, languageNames, languages } from '@/lib/language';
import { cn } from '@/lib/cn';

type Props = {
  /** dark: light text on the navy header or footer; light: on white. */
  tone?: 'dark' | 'light';
  /** showLabel shows "Language" next to the select (else it is for screen readers only). */
  showLabel?: boolean;
  className?: string;
  /** compact: a smaller select where space is short (the desktop header at tablet widths). */
  compact?: boolean;
};

/**
 * LanguageSwitcher: a labelled native select of the three languages, each
 * named in its own language. The choice is remembered (crebit_lang cookie,
 * and on the account when signed in) and the page changes language at once;
 * after sign-in the page follows the account's choice.
 */
export function LanguageSwitcher({ tone = 'dark', showLabel = false, className, compact = false }: Props) {
  const { t, i18n } = useTranslation('layout');
  const id = useId();
  const choose = useChooseLanguage();
  useAccountLanguage();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-semibold' : 'sr-only'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={value}
        onChange={(e) => {
          const next = e.target.value;
          if (isLanguage(next)) void choose(next);
        }}
        className={cn(
          'h-9 max-w-[11rem] rounded-md border font-medium',
          compact ? 'px-1 text-xs xl:px-2 xl:text-sm' : 'px-2 text-sm',
          tone === 'dark' ? 'border-white/30 bg-navy text-white' : 'border-slate-300 bg-white text-navy',
        )}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageNames[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}

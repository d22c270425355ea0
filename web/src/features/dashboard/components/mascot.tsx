import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Mascot is Crebit's little coin character; hovering or focusing it shows a message. */
export function Mascot({ name }: { name: string }) {
  const { t } = useTranslation('dashboard');
  const tipId = useId();
  return (
    <div className="group relative mt-6 flex justify-center">
      <button
        type="button"
        aria-describedby={tipId}
        aria-label={t('mascot.label')}
        className="rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
      >
        <svg aria-hidden="true" viewBox="0 0 64 64" width="64" height="64" className="transition-transform group-hover:-rotate-6">
          <circle cx="32" cy="34" r="26" fill="#facc15" stroke="#0b1f3a" strokeWidth="3" />
          <circle cx="23" cy="29" r="4" fill="#0b1f3a" />
          <circle cx="41" cy="29" r="4" fill="#0b1f3a" />
          <path d="M22 41c5 6 15 6 20 0" fill="none" stroke="#0b1f3a" strokeWidth="3" strokeLinecap="round" />
          <path d="M32 4v8M26 8h12" stroke="#0b1f3a" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </button>
      <p
        id={tipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full mb-2 w-56 rounded-lg bg-navy px-3 py-2 text-center text-sm text-white opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        {name ? t('mascot.messageNamed', { name }) : t('mascot.message')}
      </p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

// A state's colour: delivered green, ended without delivery red, returned
// blue, on its way amber.
const tone: Record<string, string> = {
  completed: 'bg-green-50 text-green-900 ring-green-600/40',
  check_mailed: 'bg-green-50 text-green-900 ring-green-600/40',
  expired: 'bg-red-50 text-red-900 ring-red-600/40',
  failed: 'bg-red-50 text-red-900 ring-red-600/40',
  payin_mismatch: 'bg-red-50 text-red-900 ring-red-600/40',
  refunded: 'bg-blue-50 text-blue-900 ring-blue-600/40',
};

/** StateBadge shows a payment state in words, coloured by where it leaves the payment. */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('ops');
  return (
    <span
      className={cn(
        'inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone[state] ?? 'bg-amber-50 text-amber-900 ring-amber-600/40',
      )}
      data-state={state}
    >
      {t(`states.${state}`, { defaultValue: state })}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** errorText is what to show for a failed call: the server's words (already in the language), else a fallback. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && err.status !== 0 ? err.message : fallback;
}

/** fieldOf is the request field an error is about ('' when none). */
export function fieldOf(err: unknown): string {
  return err instanceof ApiError ? err.field : '';
}

/** Saved announces a finished change politely. */
export function Saved({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm font-semibold text-green-800">
      {children}
    </p>
  );
}

/** FormError shows an error that belongs to no one field. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation('dashboard');
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-800">
      {errorText(error, t('settings.failed'))}
    </p>
  );
}

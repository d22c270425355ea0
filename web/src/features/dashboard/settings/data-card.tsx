import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { DATA_EXPORT_URL, useCloseAccount } from '../api/settings-api';
import { errorText } from './form-bits';

/** DataCard is Download my data and Close my account (confirmed with the password). */
export function DataCard() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const close = useCloseAccount();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    close.mutate(password, {
      // A full load of the home page: nothing of the closed account stays
      // in memory, and the guard never sees the half-signed-out state.
      onSuccess: () => window.location.replace('/'),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{t('data.heading')}</h2>
      <p className="mt-2 text-sm text-slate-700">{t('data.downloadHint')}</p>
      <a
        href={DATA_EXPORT_URL}
        download="crebit-my-data.json"
        className="mt-3 inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-ink hover:bg-slate-50"
      >
        {t('data.download')}
      </a>
      <div className="mt-6 border-t border-slate-200 pt-6">
        <h3 className="font-bold text-red-800">{t('data.closeHeading')}</h3>
        <p className="mt-2 text-sm text-slate-700">{t('data.closeExplain')}</p>
        {open ? (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4 sm:max-w-md">
            <TextField
              id="close-password"
              type="password"
              autoComplete="current-password"
              label={t('data.closePassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={close.isError ? errorText(close.error, t('settings.failed')) : null}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" variant="destructive" disabled={!password || close.isPending}>
                {t('data.closeConfirm')}
              </Button>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('twoFactor.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outline" className="mt-3 border-red-300 text-red-800" onClick={() => setOpen(true)}>
            {t('data.close')}
          </Button>
        )}
      </div>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { meKey } from '@/lib/session';
import { twoFactorApi } from '../api/settings-api';
import { errorText } from './form-bits';
import { QrImage, RecoveryCodes } from './two-factor-parts';

type Step = { kind: 'idle' } | { kind: 'enrol'; uri: string; secret: string } | { kind: 'codes'; codes: string[] };

/**
 * TwoFactorCard shows whether two-factor is on and turns it on (QR drawn
 * in the browser plus the manual key, confirmed with a code; recovery codes
 * shown once) or off (with a current code).
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('dashboard');
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorText(err, t('settings.failed')));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      const e = await twoFactorApi.enrol();
      setCode('');
      setStep({ kind: 'enrol', uri: e.otpauth_uri, secret: e.secret });
    });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await twoFactorApi.confirm(code.trim());
      setStep({ kind: 'codes', codes: r.recovery_codes });
      setCode('');
      await qc.invalidateQueries({ queryKey: meKey });
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await twoFactorApi.disable(code.trim());
      setCode('');
      await qc.invalidateQueries({ queryKey: meKey });
    });
  };
  const codeField = (
    <TextField
      id="two-factor-code"
      label={t('twoFactor.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      error={error}
    />
  );
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{t('twoFactor.heading')}</h2>
      <p className="mt-2 text-slate-800">
        {t('twoFactor.state')}:{' '}
        <strong data-testid="two-factor-state">{enabled && step.kind !== 'enrol' ? t('twoFactor.enabled') : t('twoFactor.disabled')}</strong>
      </p>
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'enrol' ? (
        <form onSubmit={confirm} noValidate className="mt-4 space-y-4">
          <p className="text-slate-800">{t('twoFactor.scan')}</p>
          <QrImage value={step.uri} />
          <p className="text-sm text-slate-700">
            {t('twoFactor.manual')} <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="two-factor-secret">{step.secret}</code>
          </p>
          <div className="sm:max-w-xs">{codeField}</div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy || code.length !== 6}>
              {t('twoFactor.confirm')}
            </Button>
            <Button variant="outline" onClick={() => setStep({ kind: 'idle' })}>
              {t('twoFactor.cancel')}
            </Button>
          </div>
        </form>
      ) : enabled ? (
        <form onSubmit={disable} noValidate className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">{t('twoFactor.disableHint')}</p>
          <div className="sm:max-w-xs">{codeField}</div>
          <Button type="submit" variant="destructive" disabled={busy || code.length !== 6}>
            {t('twoFactor.disable')}
          </Button>
        </form>
      ) : (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">{t('twoFactor.why')}</p>
          <Button onClick={start} disabled={busy}>
            {t('twoFactor.enable')}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

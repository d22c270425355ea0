import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { meKey } from '@/lib/session';
import { twoFactorApi } from '../api/settings-api';
import { errorText, fieldOf } from './form-bits';
import { QrImage, RecoveryCodes } from './two-factor-parts';

type Step = { kind: 'idle' } | { kind: 'enrol'; uri: string; secret: string } | { kind: 'codes'; codes: string[] };

/** The two fields a refusal can sit under; anything else shows above the button. */
type Errors = { password?: string; code?: string; form?: string };

/**
 * TwoFactorCard shows whether two-factor is on and turns it on (the
 * password again, then a QR drawn in the browser plus the manual key,
 * confirmed with a code; recovery codes shown once) or off (the password
 * and a current code). An address not confirmed yet cannot turn it on.
 */
export function TwoFactorCard({ enabled, emailVerified }: { enabled: boolean; emailVerified: boolean }) {
  const { t } = useTranslation('dashboard');
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await fn();
    } catch (err) {
      const text = errorText(err, t('settings.failed'));
      const field = fieldOf(err);
      setErrors(field === 'current_password' ? { password: text } : field === 'code' || step.kind === 'enrol' ? { code: text } : { form: text });
    } finally {
      setBusy(false);
    }
  };
  const start = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await twoFactorApi.enrol(password);
      setPassword('');
      setCode('');
      setStep({ kind: 'enrol', uri: r.otpauth_uri, secret: r.secret });
    });
  };
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
      await twoFactorApi.disable(password, code.trim());
      setPassword('');
      setCode('');
      await qc.invalidateQueries({ queryKey: meKey });
    });
  };
  const passwordField = (
    <TextField
      id="two-factor-password"
      label={t('twoFactor.password')}
      type="password"
      autoComplete="current-password"
      maxLength={512}
      value={password}
      onChange={(e) => {
        setPassword(e.target.value);
        setErrors((x) => ({ ...x, password: undefined }));
      }}
      error={errors.password ?? null}
    />
  );
  const codeField = (
    <TextField
      id="two-factor-code"
      label={t('twoFactor.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      onChange={(e) => {
        setCode(e.target.value.replace(/\D/g, ''));
        setErrors((x) => ({ ...x, code: undefined }));
      }}
      error={errors.code ?? null}
    />
  );
  const formError = errors.form ? (
    <p role="alert" className="text-sm text-red-800">
      {errors.form}
    </p>
  ) : null;
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
          <p className="text-sm text-slate-700">{t('twoFactor.othersSignedOut')}</p>
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
          <div className="space-y-4 sm:max-w-xs">
            {passwordField}
            {codeField}
          </div>
          {formError}
          <Button type="submit" variant="destructive" disabled={busy || password === '' || code.length !== 6}>
            {t('twoFactor.disable')}
          </Button>
        </form>
      ) : !emailVerified ? (
        <p className="mt-4 text-sm text-slate-800" data-testid="two-factor-needs-email">
          {t('twoFactor.confirmEmailFirst')}
        </p>
      ) : (
        <form onSubmit={start} noValidate className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">{t('twoFactor.why')}</p>
          <div className="sm:max-w-xs">{passwordField}</div>
          {formError}
          <Button type="submit" disabled={busy || password === ''}>
            {t('twoFactor.enable')}
          </Button>
        </form>
      )}
    </Card>
  );
}

import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { mailto, site } from '@/config/site';
import { formatRate } from '@/lib/money';
import { showMoney } from '../lib/format';
import { pixQrValue } from '../lib/qr-value';
import { formatCountdown } from '../lib/timer';
import type { WizardController } from '../hooks/use-wizard';
import { PaymentEnded } from './payment-ended';
import { PaymentTracking } from './payment-tracking';
import { QuoteTimer } from './quote-timer';
import { SandboxPanel } from './sandbox-panel';
import { SummaryList } from './summary-list';

/** QR_OPTIONS: the spec's QR code size. */
export const QR_OPTIONS = { width: 256, margin: 2 } as const;

function useQrDataUrl(value: string): { url: string | null; failed: boolean } {
  const [result, setResult] = useState<{ value: string; url: string | null; failed: boolean }>({ value: '', url: null, failed: false });
  useEffect(() => {
    if (!value) return;
    let live = true;
    QRCode.toDataURL(value, { ...QR_OPTIONS })
      .then((url) => live && setResult({ value, url, failed: false }))
      .catch(() => live && setResult({ value, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [value]);
  return result.value === value ? result : { url: null, failed: false };
}

/** CountryNotSupported is shown when a payer from another country reaches the PIX step. */
function CountryNotSupported({ w }: { w: WizardController }) {
  const { t } = w;
  return (
    <Card className="mt-4 border-amber-300 bg-amber-50">
      <h3 className="text-lg font-semibold text-ink">{t('pay.notSupported.title')}</h3>
      <p className="mt-2 text-slate-800">
        {t('pay.notSupported.body')}{' '}
        <a href={mailto(site.supportEmail, t('pay.notSupported.subject'))} className="font-semibold text-blue-800 underline">
          {site.supportEmail}
        </a>
        .
      </p>
    </Card>
  );
}

/** PixStep is step 6 in Brazil: the BR Code to pay, its status and progress. */
export function PixStep({ w }: { w: WizardController }) {
  const { t, state } = w;
  const p = state.payment;
  const value = pixQrValue(p);
  const qr = useQrDataUrl(value);
  if (state.form.country !== 'brazil') return <CountryNotSupported w={w} />;
  if (!p) return null;

  const check = state.form.deliveryMethod === 'check-to-school';
  const amount = showMoney(p.amount_local, 'BRL');

  if (state.progress === 'failed') {
    return <PaymentEnded w={w} labels={[t('pay.stage.pix'), t('pay.stage.offramp'), check ? t('pay.stage.check') : t('pay.stage.bank')]} />;
  }

  return (
    <div className="mt-4">
      <QuoteTimer text={t('pay.timer', { time: formatCountdown(w.timer.seconds) })} warning={w.timer.warning} />

      <SummaryList
        className="mt-6"
        rows={[
          { label: t('pay.amountLocal'), value: amount, strong: true },
          { label: t('pay.usdAmount'), value: showMoney(p.amount_usd, 'USD') },
          { label: t('pay.rate'), value: t('pay.rateValue', { rate: formatRate(p.effective_rate), currency: 'BRL' }) },
          check && { label: t('pay.student'), value: state.form.studentFullName.trim() },
        ]}
      />

      <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('pay.windowNotice')}</p>

      <section aria-labelledby="qr-heading" className="mt-6 grid items-start gap-6 sm:grid-cols-[auto_1fr]">
        <div className="mx-auto text-center sm:mx-0">
          <h3 id="qr-heading" className="text-lg font-semibold text-ink">
            {t('pay.qrHeading')}
          </h3>
          {qr.url ? (
            <img
              src={qr.url}
              width={QR_OPTIONS.width}
              height={QR_OPTIONS.width}
              alt={t('pay.qrAlt', { amount })}
              data-testid="pix-qr"
              className="mx-auto mt-3 rounded-lg border border-slate-200 bg-white"
            />
          ) : qr.failed ? (
            <p className="mt-3 text-sm text-red-800">{t('pay.qrError')}</p>
          ) : (
            <div className="mx-auto mt-3 h-64 w-64 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0">
          <p className="text-sm text-slate-700">{t('pay.qrHint')}</p>
          <Label htmlFor="pix-deposit-address" className="mt-4">
            {t('pay.depositAddress')}
          </Label>
          <Textarea
            id="pix-deposit-address"
            readOnly
            rows={5}
            value={value}
            className="break-all font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="secondary"
            className="mt-3 w-full sm:w-auto"
            onClick={() => void w.copy(value, t('toasts.copied'), t('toasts.copiedPix'))}
          >
            {t('pay.copyAddress')}
          </Button>
        </div>
      </section>

      <PaymentTracking w={w} payLabel={t('pay.stage.pix')} offrampLabel={t('pay.stage.offramp')} />

      {w.serverConfig?.sandbox ? <SandboxPanel onSimulate={w.simulate} /> : null}
    </div>
  );
}

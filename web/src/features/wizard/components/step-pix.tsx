import { Card } from '@/components/ui/card';
import { PixCode } from '@/features/payments/components/pix-code';
import { mailto, site } from '@/config/site';
import { formatRate } from '@/lib/money';
import { showMoney } from '@/features/payments/lib/format';
import { pixQrValue } from '@/features/payments/lib/qr-value';
import { formatCountdown } from '@/features/payments/lib/timer';
import type { WizardController } from '../hooks/use-wizard';
import type { TransactionIdView } from './transaction-id';
import { PaymentEnded, type PaymentEndedView } from './payment-ended';
import { PaymentTracking, type PaymentTrackingView } from './payment-tracking';
import { QuoteTimer } from '@/features/payments/components/quote-timer';
import { SandboxPanel } from '@/features/payments/components/sandbox-panel';
import { SummaryList } from '@/features/payments/components/summary-list';

/** CountryNotSupported is shown when a payer from another country reaches the PIX step. */
function CountryNotSupported({ w }: { w: Pick<WizardController, 't'> }) {
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

/** PixStepView: what PixStep reads of the wizard's controller. */
export type PixStepView = Pick<WizardController, 'copy' | 'serverConfig' | 'simulate' | 'state' | 't' | 'timer'> & PaymentEndedView & PaymentTrackingView & TransactionIdView;

/** PixStep is step 6 in Brazil: the BR Code to pay, its status and progress. */
export function PixStep({ w }: { w: PixStepView }) {
  const { t, state } = w;
  const p = state.payment;
  const value = pixQrValue(p);
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

      <PixCode t={t} value={value} amount={amount} onCopy={() => void w.copy(value, t('toasts.copied'), t('toasts.copiedPix'))} />

      <PaymentTracking w={w} payLabel={t('pay.stage.pix')} offrampLabel={t('pay.stage.offramp')} />

      {w.serverConfig?.sandbox ? <SandboxPanel onSimulate={w.simulate} /> : null}
    </div>
  );
}

import { Card } from '@/components/ui/card';
import { PixCode } from '@/features/payments/components/pix-code';
import { mailto, site } from '@/config/site';
import { showMoney } from '@/features/payments/lib/format';
import { pixQrValue } from '@/features/payments/lib/qr-value';
import type { WizardController } from '../hooks/use-wizard';
import { PayInSummary, type PayInSummaryView } from './pay-in-summary';
import { PaymentEnded, type PaymentEndedView } from './payment-ended';
import { PaymentTracking, type PaymentTrackingView } from './payment-tracking';
import { SandboxPanel } from '@/features/payments/components/sandbox-panel';

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
export type PixStepView = Pick<WizardController, 'copy' | 'serverConfig' | 'simulate' | 'state' | 't'> & PayInSummaryView & PaymentEndedView & PaymentTrackingView;

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
      <PayInSummary w={w} currency="BRL" amount={amount} />

      <PixCode t={t} value={value} amount={amount} onCopy={() => void w.copy(value, t('toasts.copied'), t('toasts.copiedPix'))} />

      <PaymentTracking w={w} payLabel={t('pay.stage.pix')} offrampLabel={t('pay.stage.offramp')} />

      {w.serverConfig?.sandbox ? <SandboxPanel onSimulate={w.simulate} /> : null}
    </div>
  );
}

import { Button } from '@/components/ui/button';
import { AuthorizationStatement } from '@/features/payments/components/authorization-statement';
import { showMoney } from '@/features/payments/lib/format';
import { senderName } from '../lib/payloads';
import { formatCountdown } from '@/features/payments/lib/timer';
import type { WizardController } from '../hooks/use-wizard';
import { QuoteTimer } from '@/features/payments/components/quote-timer';
import { Spinner } from '@/features/payments/components/spinner';
import { StepActions } from './step-actions';
import { SummarySection } from '@/features/payments/components/summary-list';
import { quoteRows } from '@/features/payments/components/quote-rows';

/** AuthorizationStepView: what AuthorizationStep reads of the wizard's controller. */
export type AuthorizationStepView = Pick<WizardController, 'authorize' | 'back' | 'config' | 'proceed' | 'proceeding' | 'state' | 't' | 'timer'>;

/** AuthorizationStep is step 5, the Payment Authorization Agreement. */
export function AuthorizationStep({ w }: { w: AuthorizationStepView }) {
  const { t, state, config } = w;
  const q = state.quote;
  const currency = config.currency;
  const check = state.form.deliveryMethod === 'check-to-school';
  const name = senderName(state.form);
  if (!q) return null;

  const local = showMoney(q.total_local_amount, currency);
  const usd = showMoney(q.amount_usd, 'USD');
  const destination = check
    ? t('authorization.destinationCheck', { school: state.form.schoolName.trim() })
    : t('authorization.destinationBank');

  return (
    <div className="mt-4">
      <QuoteTimer text={t('authorization.expiresIn', { time: formatCountdown(w.timer.seconds) })} warning={w.timer.warning} />

      <SummarySection
        id="rate-summary-heading"
        heading={t('authorization.summaryHeading')}
        rows={[
          ...quoteRows(t, q, currency, config.effectiveRateDecimals),
          check && {
            label: t('authorization.student'),
            value: t('authorization.studentValue', { name: state.form.studentFullName.trim(), id: state.form.studentId.trim() }),
          },
          check && { label: t('authorization.school'), value: state.form.schoolName.trim() },
          { label: t('authorization.totalLocal', { currency }), value: local, strong: true },
        ]}
      />

      <AuthorizationStatement
        t={t}
        name={name}
        local={local}
        usd={usd}
        destination={destination}
        authorized={state.authorized}
        signedAt={state.signedAt}
        onAuthorize={w.authorize}
      />

      {state.paymentError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{t('authorization.paymentErrorHeading')}</p>
          <p className="mt-1 text-sm">{state.paymentError}</p>
        </div>
      ) : null}

      <StepActions>
        <Button variant="outline" onClick={w.back} className="w-full sm:w-auto">
          {t('authorization.back')}
        </Button>
        <Button onClick={() => void w.proceed()} disabled={!state.authorized || w.proceeding} className="w-full sm:w-auto">
          {w.proceeding ? <Spinner className="h-4 w-4" /> : null}
          {w.proceeding ? t('authorization.proceeding') : t('authorization.proceed')}
        </Button>
      </StepActions>
    </div>
  );
}

import { Trans } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatDateTime, formatRate } from '@/lib/money';
import { showMoney } from '../lib/format';
import { senderName } from '../lib/payloads';
import { formatCountdown } from '../lib/timer';
import type { WizardController } from '../hooks/use-wizard';
import { QuoteTimer } from './quote-timer';
import { Spinner } from './spinner';
import { StepActions } from './step-actions';
import { SummaryList } from './summary-list';

/** formatSignedAt shows the signature time in the payer's time zone. */
export function formatSignedAt(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDateTime(d, { dateStyle: 'medium', timeStyle: 'long' });
}

const linkClass = 'font-semibold text-blue-800 underline';

/** AuthorizationStep is step 5, the Payment Authorization Agreement. */
export function AuthorizationStep({ w }: { w: WizardController }) {
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

      <section aria-labelledby="rate-summary-heading" className="mt-6">
        <h3 id="rate-summary-heading" className="text-lg font-semibold text-ink">
          {t('authorization.summaryHeading')}
        </h3>
        <SummaryList
          className="mt-3"
          rows={[
            { label: t('authorization.localPerUsdc', { currency }), value: formatRate(q.on_ramp.quotation) },
            { label: t('authorization.usdPerUsdc'), value: formatRate(q.off_ramp.quotation) },
            {
              label: t('authorization.effectiveRate'),
              value: t('authorization.effectiveRateValue', { rate: formatRate(q.effective_rate, config.effectiveRateDecimals), currency }),
            },
            { label: t('authorization.usdAmount'), value: usd },
            { label: t('authorization.totalFees'), hint: t('authorization.totalFeesHint'), value: showMoney(q.total_fees_usd, 'USD') },
            check && {
              label: t('authorization.student'),
              value: t('authorization.studentValue', { name: state.form.studentFullName.trim(), id: state.form.studentId.trim() }),
            },
            check && { label: t('authorization.school'), value: state.form.schoolName.trim() },
            { label: t('authorization.totalLocal', { currency }), value: local, strong: true },
          ]}
        />
      </section>

      <section aria-labelledby="statement-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h3 id="statement-heading" className="text-lg font-semibold text-ink">
          {t('authorization.statementHeading')}
        </h3>
        <p className="mt-2 text-slate-800">{t('authorization.statement', { name, local, usd, destination })}</p>
        <p className="mt-3 font-medium text-ink">{t('authorization.ackHeading')}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
          <li>{t('authorization.ackWithdraw')}</li>
          <li>{t('authorization.ackAgent')}</li>
          <li>
            <Trans
              t={t}
              i18nKey="authorization.ackTerms"
              components={{
                terms: <a href="/terms-of-service" target="_blank" rel="noopener" className={linkClass} />,
                privacy: <a href="/privacy-policy" target="_blank" rel="noopener" className={linkClass} />,
              }}
            />
          </li>
        </ul>

        <div className="mt-5 flex items-start gap-3">
          <Checkbox id="authorize" checked={state.authorized} onCheckedChange={(v) => w.authorize(v === true)} aria-required="true" />
          <Label htmlFor="authorize" className="mb-0 cursor-pointer text-base">
            {t('authorization.checkbox')}
          </Label>
        </div>
        {state.authorized && state.signedAt ? (
          <p className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            {t('authorization.signed', { name, time: formatSignedAt(state.signedAt) })}
          </p>
        ) : null}
      </section>

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

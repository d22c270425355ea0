import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useRecordAuthorization, type AuthorizationRecord } from './api/record-authorization';
import { textLink } from './components/link-styles';
import { formatDateTime } from '@/lib/money';

/** REDIRECT_DELAY_MS is how long the recorded signature stays on screen before the payment starts. */
export const REDIRECT_DELAY_MS = 1500;

const next = '/country-selection';

/** formatSignatureTime shows the server's recording time in the visitor's locale. */
function formatSignatureTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDateTime(d, { dateStyle: 'long', timeStyle: 'long' });
}

/**
 * PaymentAuthorizationPage is the standalone authorization agreement. The
 * confirmation is recorded by the server (time, IP, user agent) before the
 * visitor is sent to the start of the payment.
 */
export function PaymentAuthorizationPage() {
  const { t } = useTranslation('info');
  usePageMeta(t('authorization.metaTitle'), t('authorization.metaDescription'));
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [signed, setSigned] = useState<AuthorizationRecord | null>(null);
  const record = useRecordAuthorization();
  const clauses = t('authorization.clauses', { returnObjects: true }) as string[];

  useEffect(() => {
    if (!signed) return;
    const timer = setTimeout(() => navigate(next), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signed, navigate]);

  const confirm = () => {
    if (!agreed || record.isPending || signed) return;
    record.mutate(undefined, {
      onSuccess: setSigned,
      onError: (err) =>
        toast({
          title: t('authorization.errorTitle'),
          description: errorMessage(err, t('authorization.errorFallback')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('authorization.title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('authorization.lead')}</p>

        <Card className="mt-8">
          <h2 className="text-xl font-bold text-ink">{t('authorization.agreementHeading')}</h2>
          <ul className="mt-4 space-y-3 text-slate-800">
            {clauses.map((clause) => (
              <li key={clause} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-navy" />
                <span>{clause}</span>
              </li>
            ))}
            <li className="flex gap-3">
              <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-navy" />
              <span>
                <Trans
                  t={t}
                  i18nKey="authorization.agreeTerms"
                  components={{
                    terms: <Link to="/terms-of-service" className={textLink} />,
                    privacy: <Link to="/privacy-policy" className={textLink} />,
                  }}
                />
              </span>
            </li>
          </ul>

          <div className="mt-6 flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <Checkbox
              id="authorization-agree"
              checked={agreed}
              disabled={signed !== null}
              onCheckedChange={(v) => setAgreed(v === true)}
              aria-required="true"
            />
            <Label htmlFor="authorization-agree" className="mb-0 cursor-pointer text-ink">
              <span className="text-base">{t('authorization.checkbox')}</span>
            </Label>
          </div>

          <Button
            className="mt-6 w-full sm:w-auto"
            size="lg"
            disabled={!agreed || record.isPending || signed !== null}
            onClick={confirm}
          >
            {record.isPending ? t('authorization.confirming') : t('authorization.confirm')}
          </Button>

          <div role="status" aria-live="polite">
            {signed ? (
              <div className="mt-6 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
                <p className="font-semibold">{t('authorization.signedHeading')}</p>
                <p className="mt-1">{t('authorization.signedAt', { time: formatSignatureTime(signed.recorded_at) })}</p>
                <p className="mt-1 text-sm">{t('authorization.reference', { id: signed.id })}</p>
                <p className="mt-2 text-sm">
                  {t('authorization.redirecting')}{' '}
                  <Link to={next} className="font-semibold text-green-900 underline">
                    {t('authorization.continueNow')}
                  </Link>
                </p>
              </div>
            ) : null}
          </div>
        </Card>
      </div>
    </main>
  );
}

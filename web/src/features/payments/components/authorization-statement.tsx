import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatDateTime } from '@/lib/money';

/** formatSignedAt shows the signature time in the payer's time zone. */
export function formatSignedAt(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDateTime(d, { dateStyle: 'medium', timeStyle: 'long' });
}

const linkClass = 'font-semibold text-blue-800 underline';

interface AuthorizationStatementProps {
  t: TFunction<'wizard'>;
  name: string;
  local: string;
  usd: string;
  destination: string;
  authorized: boolean;
  signedAt: string | null;
  onAuthorize: (checked: boolean) => void;
}

/**
 * AuthorizationStatement is the Payment Authorization Agreement's text and
 * its required checkbox (wizard step 5 and the dashboard's Process Payment):
 * what the payer agrees to, in their name, for these amounts.
 */
export function AuthorizationStatement({ t, name, local, usd, destination, authorized, signedAt, onAuthorize }: AuthorizationStatementProps) {
  return (
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
        <Checkbox id="authorize" checked={authorized} onCheckedChange={(v) => onAuthorize(v === true)} aria-required="true" />
        <Label htmlFor="authorize" className="mb-0 cursor-pointer text-base">
          {t('authorization.checkbox')}
        </Label>
      </div>
      {authorized && signedAt ? (
        <p className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">{t('authorization.signed', { name, time: formatSignedAt(signedAt) })}</p>
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney } from '@/lib/money';
import type { ExplainedReturn } from '../api/returns';
import { Done } from '../components/action-form';
import { Section } from '../components/section';
import { RecordReturnForm } from '../returns/record-return-form';

/** Returns is the money of this payment owed back to its payer, or returned, with Record return on the owed ones (finance and admins). */
export function Returns({ returns, canRecord }: { returns: ExplainedReturn[]; canRecord: boolean }) {
  const { t } = useTranslation('ops');
  const [done, setDone] = useState('');
  return (
    <Section title={t('explain.returns.title')}>
      {done ? <Done>{done}</Done> : null}
      {returns.length === 0 ? (
        <p className="text-slate-700">{t('explain.returns.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {returns.map((r) => (
            <ReturnItem key={r.id} ret={r} canRecord={canRecord} onDone={setDone} onStart={() => setDone('')} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function ReturnItem({ ret: r, canRecord, onDone, onStart }: { ret: ExplainedReturn; canRecord: boolean; onDone: (msg: string) => void; onStart: () => void }) {
  const { t } = useTranslation('ops');
  const [open, setOpen] = useState(false);
  const owed = !r.returned_at;
  const amount = formatMoney(r.amount, r.currency);
  const heading = `${amount} · ${t(`returns.kinds.${r.kind}`)}`;
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })}</time>;
  return (
    <li className="py-4 first:pt-0">
      <article aria-label={heading}>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="font-semibold text-ink">{heading}</h3>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', owed ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900')}>
            {owed ? t('returns.owedBadge') : t('returns.returnedBadge')}
          </span>
        </div>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('returns.cause')}</dt>
          <dd>{r.cause}</dd>
          <dt className="font-semibold">{t('returns.opened')}</dt>
          <dd>{when(r.opened_at)}</dd>
          {r.returned_at ? (
            <>
              <dt className="font-semibold">{t('returns.returnedAt')}</dt>
              <dd>{when(r.returned_at)}</dd>
            </>
          ) : null}
          {r.returned_by ? (
            <>
              <dt className="font-semibold">{t('returns.returnedBy')}</dt>
              <dd className="break-all">{r.returned_by}</dd>
            </>
          ) : null}
          {r.reference ? (
            <>
              <dt className="font-semibold">{t('returns.reference')}</dt>
              <dd className="break-all font-mono">{r.reference}</dd>
            </>
          ) : null}
        </dl>
        {owed && canRecord && !open ? (
          <Button
            size="sm"
            variant="outline"
            className="mt-3"
            aria-label={`${t('returns.record')}: ${heading}`}
            onClick={() => {
              onStart();
              setOpen(true);
            }}
          >
            {t('returns.record')}
          </Button>
        ) : null}
        {open ? (
          <RecordReturnForm
            returnId={r.id}
            what={heading}
            onDone={(msg) => {
              setOpen(false);
              onDone(msg);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </article>
    </li>
  );
}

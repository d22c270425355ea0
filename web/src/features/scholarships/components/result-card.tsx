import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Program } from '../api/types';
import { chipLabel } from '../lib/chip-label';
import { formatAward, formatDate, monthName } from '../lib/format';
import { formatNumber } from '@/lib/money';

const action = 'inline-flex h-11 items-center justify-center rounded-lg px-5 font-semibold';

/** amountLine is the award's size: a range, "Up to", or the catalog's text. */
function useAmountLine(p: Program): string {
  const { t } = useTranslation('scholarships');
  const { min, max, currency } = p.amount;
  if (min != null && max != null && min !== max) return t('card.range', { min: formatAward(min, currency), max: formatAward(max, currency) });
  if (max != null) return min === max ? formatAward(max, currency) : t('card.upTo', { amount: formatAward(max, currency) });
  if (min != null) return formatAward(min, currency);
  return t('card.amountVaries');
}

/** useDeadlineLine is the dated deadline when there is one; no date is ever guessed (the cycle line says what is known). */
function useDeadlineLine(p: Program): string {
  const { t } = useTranslation('scholarships');
  const d = p.deadline;
  if (d.status === 'open') return t('card.due', { date: formatDate(d.date) });
  if (d.status === 'closed') return t('card.lastDeadline', { date: formatDate(d.date) });
  return p.cycle.status === 'next_expected' && d.month ? t('card.recurring', { month: monthName(d.month) }) : t('card.recurringNoMonth');
}

/** useCycleLine is the cycle's status in words, from the dated sources (never a guessed date). */
function useCycleLine(p: Program): string {
  const { t } = useTranslation('scholarships');
  const c = p.cycle;
  switch (c.status) {
    case 'open':
      return t('card.cycle.open', { date: formatDate(c.date) });
    case 'next_expected':
      return t('card.cycle.next_expected', { month: monthName(c.month!) });
    case 'closed':
      return c.date ? t('card.cycle.closed', { date: formatDate(c.date) }) : t('card.cycle.closedNoDate');
    case 'discontinued':
      return t('card.cycle.discontinued', { since: c.since });
    default:
      return t('card.cycle.unknown');
  }
}

/** Trust says, with its evidence, why the listing is there: where one applies, when that page was read, and what the catalog never lists. */
function Trust({ p }: { p: Program }) {
  const { t } = useTranslation('scholarships');
  const official = p.legitimacy.official_source;
  const read = p.sources.find((s) => (official ? s.url === official : true))?.read_at ?? p.verified_at;
  return (
    <section className="mt-4" data-testid="trust">
      <h3 className="font-bold text-ink">{t('card.trustTitle')}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {official
          ? t('card.trustOfficial', { host: new URL(official).hostname, date: formatDate(read) })
          : t('card.trustThirdParty', { date: formatDate(read) })}
      </p>
    </section>
  );
}

/** Legitimacy is the card's evidence that the listing is real: who runs it, its official page, no fee to apply. */
function Legitimacy({ p }: { p: Program }) {
  const { t } = useTranslation('scholarships');
  const l = p.legitimacy;
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm" data-testid="legitimacy">
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-900">{t(`card.runner.${l.runner}`)}</span>
      {l.official_source ? (
        <a href={l.official_source} target="_blank" rel="noopener noreferrer" className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-emerald-950 underline">
          {t('card.officialSource')} <span className="sr-only">{t('card.newTab')}</span>
        </a>
      ) : (
        <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-amber-950">{t('card.thirdPartyOnly')}</span>
      )}
      {l.free_to_apply && <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-emerald-950">{t('card.freeToApply')}</span>}
      {l.loan && <span className="rounded-full bg-rose-50 px-2.5 py-0.5 font-semibold text-rose-950">{t('card.loan')}</span>}
      {l.may_be_loan && <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-amber-950">{t('card.mayBeLoan')}</span>}
    </p>
  );
}

/** ResultCard is one result; clicking its header expands it (one at a time). */
export function ResultCard({ p, expanded, onToggle, trackAction }: { p: Program; expanded: boolean; onToggle: () => void; trackAction?: ReactNode }) {
  const { t } = useTranslation('scholarships');
  const amount = useAmountLine(p);
  const deadline = useDeadlineLine(p);
  const cycle = useCycleLine(p);
  const panel = `card-${p.id}-details`;
  const figure = (label: string, f: Program['applicants']) =>
    f && (
      <span>
        {label}: <strong>{formatNumber(f.value)}</strong>{' '}
        <a href={f.source} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
          {t('card.source')}
        </a>
      </span>
    );
  return (
    <article className={cn('rounded-2xl border bg-white shadow-sm', p.eligible === false ? 'border-amber-300' : 'border-slate-200')} data-testid="result-card">
      <button type="button" onClick={onToggle} aria-expanded={expanded} aria-controls={panel}
        aria-label={expanded ? t('card.collapse', { title: p.title }) : t('card.expand', { title: p.title })}
        className="block w-full rounded-2xl p-5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600">
        <span className="flex flex-wrap items-start justify-between gap-3">
          <span className="min-w-0 flex-1 basis-52">
            <span className="block text-lg font-bold text-ink [overflow-wrap:anywhere]">{p.title}</span>
            <span className="block text-sm text-slate-700">{p.provider}</span>
          </span>
          {p.match != null && (
            <span className="rounded-full bg-navy px-3 py-1 text-sm font-bold text-white">{t('card.match', { match: p.match })}</span>
          )}
        </span>
        <span className="mt-2 block text-base text-slate-800">{p.description}</span>
        <span className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800">
          <span>
            {t('card.amount')}: <strong>{amount}</strong>
          </span>
          <span className={cn(p.deadline.status === 'closed' && 'font-semibold text-amber-900')}>
            {t('card.deadline')}: {deadline}
          </span>
          <span data-testid="cycle-status" className={cn(p.cycle.status === 'open' ? 'text-emerald-900' : 'text-slate-700')}>
            {t('card.cycleLabel')}: <strong>{cycle}</strong>
          </span>
        </span>
        {p.tags.length > 0 && (
          <span className="mt-3 flex flex-wrap gap-1.5">
            {p.tags.map((tag) => (
              <span key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                {tag}
              </span>
            ))}
          </span>
        )}
      </button>
      <div className="space-y-2 px-5 pb-4 text-sm">
        <Legitimacy p={p} />
        {trackAction}
        {(p.why?.length ?? 0) > 0 && (
          <ChipRow label={t('card.why')} tone="bg-emerald-100 text-emerald-950" chips={p.why!.map((c) => chipLabel(t, c))} testid="why-chips" />
        )}
        {(p.why_not?.length ?? 0) > 0 && (
          <ChipRow label={t('card.whyNot')} tone="bg-amber-100 text-amber-950" chips={p.why_not!.map((c) => chipLabel(t, c))} testid="why-not-chips" />
        )}
        {(p.applicants || p.awarded) && (
          <p className="flex flex-wrap gap-x-5 text-slate-800">
            {figure(t('card.applicants'), p.applicants)}
            {figure(t('card.awarded'), p.awarded)}
          </p>
        )}
      </div>
      <div id={panel} hidden={!expanded} className="border-t border-slate-200 px-5 py-4">
        <p className="text-sm text-slate-700">{p.amount.text}</p>
        {p.deadline.rule && <p className="mt-1 text-sm text-slate-700">{p.deadline.rule}</p>}
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <section>
            <h3 className="font-bold text-ink">{t('card.requirements')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">{p.requirements.map((r) => <li key={r}>{r}</li>)}</ul>
          </section>
          <section>
            <h3 className="font-bold text-ink">{t('card.eligibility')}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">{p.eligibility.map((r) => <li key={r}>{r}</li>)}</ul>
          </section>
        </div>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <a href={p.official_url} target="_blank" rel="noopener noreferrer" className={cn(action, 'bg-navy text-white hover:bg-navy-light')}>
            {t('card.applyNow')} <span className="sr-only">{t('card.newTab')}</span>
          </a>
          <a href={p.official_url} target="_blank" rel="noopener noreferrer" className={cn(action, 'border border-slate-300 bg-white text-ink hover:bg-slate-50')}>
            {t('card.visitWebsite')} <span className="sr-only">{t('card.newTab')}</span>
          </a>
        </div>
        <Trust p={p} />
        <section className="mt-4">
          <h3 className="font-bold text-ink">{t('card.sources')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="sources">
            {p.sources.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline [overflow-wrap:anywhere]">
                  {new URL(s.url).hostname}
                </a>{' '}
                — {s.official ? t('card.sourceOfficial') : t('card.sourceThirdParty')};{' '}
                {t('card.sourceRead', { date: formatDate(s.read_at) })};{' '}
                {s.content_date ? t('card.sourceDated', { date: s.content_date }) : t('card.sourceUndated')}
              </li>
            ))}
          </ul>
        </section>
        <p className="mt-3 text-xs text-slate-600">{t('card.verified', { date: formatDate(p.verified_at) })}</p>
      </div>
    </article>
  );
}

function ChipRow({ label, tone, chips, testid }: { label: string; tone: string; chips: string[]; testid: string }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid={testid}>
      <span className="font-semibold text-slate-700">{label}:</span>
      {chips.map((c) => (
        <span key={c} className={cn('rounded-full px-2.5 py-0.5', tone)}>
          {c}
        </span>
      ))}
    </div>
  );
}

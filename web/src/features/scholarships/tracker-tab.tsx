import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useTracker, useUntrack, useUpdateApplication, type Application, type ApplicationPatch } from './api/tracker';
import { useAlerts, useStopAlert } from './api/alerts';
import { formatDate, monthName } from './lib/format';

/**
 * TrackerTab is the dashboard's scholarship tracker: each saved program with
 * where its application stands, the student's deadline, notes and the
 * record's requirements as a checklist.
 */
export function TrackerTab() {
  const { t } = useTranslation('scholarships');
  const tracker = useTracker();
  const apps = tracker.data?.applications ?? [];
  return (
    <section aria-labelledby="tracker-title">
      <h2 id="tracker-title" className="text-2xl font-bold text-ink">{t('tracker.title')}</h2>
      <p className="mt-1 text-slate-700">{t('tracker.lead')}</p>
      {tracker.isError && <p role="alert" className="mt-4 text-red-900">{errorMessage(tracker.error, t('tracker.loadError'))}</p>}
      {tracker.data && apps.length === 0 && (
        <p className="mt-6 text-slate-800">
          {t('tracker.empty')}{' '}
          <Link to="/scholarship-search" className="font-semibold text-blue-800 underline">{t('tracker.find')}</Link>
        </p>
      )}
      <ol className="mt-6 space-y-4">
        {apps.map((a) => (
          <li key={a.id}>
            <TrackedCard a={a} />
          </li>
        ))}
      </ol>
      <AlertList />
    </section>
  );
}

/** AlertList is the student's e-mail alerts, each with its state and a Stop button. */
function AlertList() {
  const { t } = useTranslation('scholarships');
  const alerts = useAlerts();
  const stop = useStopAlert();
  const list = alerts.data?.alerts ?? [];
  return (
    <section aria-labelledby="alerts-title" className="mt-10">
      <h2 id="alerts-title" className="text-xl font-bold text-ink">{t('alerts.listTitle')}</h2>
      {alerts.data && list.length === 0 && <p className="mt-2 text-slate-700">{t('alerts.none')}</p>}
      <ul className="mt-3 space-y-2" data-testid="alerts">
        {list.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
            <span className="min-w-0 flex-1 basis-48">
              <Link to={`/scholarship-search${a.params ? `?${a.params}` : ''}`} className="font-semibold text-blue-800 underline [overflow-wrap:anywhere]">
                {new URLSearchParams(a.params).get('q') || t('alerts.profileOnly')}
              </Link>
              <span className="block text-sm text-slate-700">{a.status === 'active' ? t('alerts.active') : t('alerts.pending')}</span>
            </span>
            <Button variant="outline" size="sm" disabled={stop.isPending}
              onClick={() => stop.mutate(a.id, { onSuccess: () => toast({ title: t('alerts.stopped') }) })}>
              {t('alerts.stop')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TrackedCard({ a }: { a: Application }) {
  const { t } = useTranslation('scholarships');
  const update = useUpdateApplication();
  const untrack = useUntrack();
  const [notes, setNotes] = useState(a.notes);
  const [synced, setSynced] = useState(a.notes);
  if (synced !== a.notes) {
    setSynced(a.notes);
    setNotes(a.notes);
  }
  const save = (patch: ApplicationPatch, done: string) =>
    update.mutate({ id: a.id, patch }, {
      onSuccess: () => toast({ title: done }),
      onError: (err) => toast({ title: errorMessage(err, t('tracker.saveError')), variant: 'destructive' }),
    });
  // Ticks show at once; the server's answer (or an error) settles them.
  const serverDone = a.documents.flatMap((d, i) => (d.done ? [i] : []));
  const [doneIdx, setDoneIdx] = useState(serverDone);
  const [syncedDocs, setSyncedDocs] = useState(a.documents);
  if (syncedDocs !== a.documents) {
    setSyncedDocs(a.documents);
    setDoneIdx(serverDone);
  }
  const tick = (i: number, on: boolean) => {
    const next = on ? [...doneIdx, i] : doneIdx.filter((x) => x !== i);
    setDoneIdx(next);
    update.mutate({ id: a.id, patch: { documents: next } }, {
      onError: (err) => {
        setDoneIdx(serverDone);
        toast({ title: errorMessage(err, t('tracker.saveError')), variant: 'destructive' });
      },
    });
  };
  const base = `app-${a.id}`;
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="tracked-application">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-52">
          <h3 className="text-lg font-bold text-ink [overflow-wrap:anywhere]">
            <a href={a.official_url} target="_blank" rel="noopener noreferrer" className="hover:underline">
              {a.title} <span className="sr-only">{t('card.newTab')}</span>
            </a>
          </h3>
          <p className="text-sm text-slate-700">{a.provider}</p>
        </div>
        <p className="rounded-full bg-navy px-3 py-1 text-sm font-bold text-white" data-testid="application-status">
          {t(`tracker.status.${a.status}`)}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t('card.cycleLabel')}:{' '}
        {a.cycle.status === 'open' ? t('card.cycle.open', { date: formatDate(a.cycle.date) })
          : a.cycle.status === 'next_expected' && a.cycle.month ? t('card.cycle.next_expected', { month: monthName(a.cycle.month) })
          : t(`card.cycle.${a.cycle.status === 'closed' && !a.cycle.date ? 'closedNoDate' : a.cycle.status}`, { date: formatDate(a.cycle.date), since: a.cycle.since })}
      </p>
      {a.moves.length > 0 && (
        <div role="group" aria-label={t('tracker.moveLabel', { title: a.title })} className="mt-4 flex flex-wrap gap-2">
          {a.moves.map((m) => (
            <Button key={m} variant="outline" disabled={update.isPending}
              onClick={() => save({ status: m }, t('tracker.moved', { status: t(`tracker.status.${m}`) }))}>
              {t('tracker.moveTo', { status: t(`tracker.status.${m}`) })}
            </Button>
          ))}
        </div>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={`${base}-deadline`} className="mb-1.5 block text-sm font-medium text-slate-800">{t('tracker.deadline')}</label>
          <input id={`${base}-deadline`} type="date" defaultValue={a.deadline ?? ''} key={a.deadline ?? ''}
            onBlur={(e) => e.target.value !== (a.deadline ?? '') && save({ deadline: e.target.value }, t('tracker.saved'))}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink" />
        </div>
        <div>
          <label htmlFor={`${base}-notes`} className="mb-1.5 block text-sm font-medium text-slate-800">{t('tracker.notes')}</label>
          <textarea id={`${base}-notes`} value={notes} maxLength={2000} rows={3} onChange={(e) => setNotes(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink" />
          <Button variant="outline" className="mt-2" disabled={notes === a.notes || update.isPending} onClick={() => save({ notes }, t('tracker.saved'))}>
            {t('tracker.saveNotes')}
          </Button>
        </div>
      </div>
      {a.documents.length > 0 && (
        <fieldset className="mt-4">
          <legend className="text-sm font-bold text-ink">{t('tracker.documents')}</legend>
          <ul className="mt-2 space-y-1">
            {a.documents.map((d, i) => (
              <li key={d.label}>
                <label htmlFor={`${base}-doc-${i}`} className="flex items-start gap-2 text-sm text-slate-800">
                  <input id={`${base}-doc-${i}`} type="checkbox" className="mt-0.5 h-4 w-4 accent-navy" checked={doneIdx.includes(i)}
                    onChange={(e) => tick(i, e.target.checked)} />
                  <span>{d.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <Button variant="ghost" className="mt-4" disabled={untrack.isPending}
        onClick={() => untrack.mutate(a.id, { onSuccess: () => toast({ title: t('tracker.removed', { title: a.title }) }) })}>
        {t('tracker.remove')}
      </Button>
    </article>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldError, FieldHint, Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { answerText, hasCode } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { useConversationActions, useThread, type Thread } from '../api/support';
import { Done, fieldError } from '../components/action-form';
import { AuditPanel } from '../audit/audit-panel';
import { Section } from '../components/section';
import { useConsole } from '../ops-console';

const when = (iso: string) => formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/** ConversationPage is /ops/support/:id: the messages, oldest first; the answer by e-mail; who has it; open or closed. */
export function ConversationPage() {
  const { t } = useTranslation('ops');
  const { id = '' } = useParams();
  const q = useThread(id);
  usePageMeta(t('support.conversationTitle', { subject: q.data?.subject ?? id }));
  if (q.isPending) return <p className="text-slate-600">{t('loading')}</p>;
  if (q.error) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-red-800">
          {hasCode(q.error, 'not_found') ? q.error.message : answerText(q.error, t('support.failed'))}
        </p>
        <Link to="/ops/support" className="font-semibold text-blue-700 underline">
          {t('support.back')}
        </Link>
      </div>
    );
  }
  const c = q.data;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/ops/support" className="text-sm font-semibold text-blue-700 underline">
          {t('support.back')}
        </Link>
        <h1 className="mt-2 break-words text-2xl font-bold text-ink">{c.subject}</h1>
        <p className="mt-1 break-all text-sm text-slate-700">
          {t('support.summary', { who: c.name ? `${c.name} <${c.email}>` : c.email, source: t(`support.sources.${c.source}`), reference: c.reference })}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <Section title={t('support.thread')}>
            <ol className="space-y-3">
              {c.entries.map((e) => (
                <li key={e.id} className={cn('rounded-lg border p-3', e.direction === 'out' ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white')}>
                  <p className="text-xs text-slate-700">
                    <span className="font-semibold">{e.direction === 'out' ? t('support.answeredBy', { email: e.author }) : t('support.wrote', { email: e.author })}</span>
                    {' · '}
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{e.text}</p>
                </li>
              ))}
            </ol>
          </Section>
          <ReplyForm thread={c} />
        </div>
        <div className="space-y-6">
          <HandlingPanel thread={c} />
        </div>
      </div>
      <AuditPanel objectType="conversation" objectId={c.id} title={t('support.auditTitle')} none={t('support.auditNone')} />
    </div>
  );
}

/** ReplyForm answers by e-mail, in the person's language (the text is the operator's own). */
function ReplyForm({ thread }: { thread: Thread }) {
  const { t } = useTranslation('ops');
  const { reply } = useConversationActions(thread.id);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState('');
  const [done, setDone] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    if (!text.trim()) {
      setMissing(t('support.errors.answer'));
      return;
    }
    setMissing('');
    reply.mutate(text, {
      onSuccess: () => {
        setText('');
        setDone(t('support.answerSent', { email: thread.email }));
      },
    });
  };
  const error = missing || fieldError(reply.error, 'text');
  const general = reply.error && !fieldError(reply.error, 'text') ? answerText(reply.error, t('action.failed')) : '';
  return (
    <Section title={t('support.answerTitle')}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div>
          <Label htmlFor="support-answer">{t('support.answer')}</Label>
          <Textarea
            id="support-answer"
            rows={6}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={['support-answer-hint', error ? 'support-answer-error' : ''].filter(Boolean).join(' ')}
          />
          <FieldHint id="support-answer-hint">{t('support.answerHint', { email: thread.email })}</FieldHint>
          {error ? <FieldError id="support-answer-error">{error}</FieldError> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={reply.isPending}>
            {t('support.sendAnswer')}
          </Button>
          {general ? (
            <p role="alert" className="text-sm text-red-800">
              {general}
            </p>
          ) : null}
        </div>
        {done ? <Done>{done}</Done> : null}
      </form>
    </Section>
  );
}

/** HandlingPanel says who has the conversation and whether it is open, and changes both. */
function HandlingPanel({ thread }: { thread: Thread }) {
  const { t } = useTranslation('ops');
  const { me } = useConsole();
  const { assign, status } = useConversationActions(thread.id);
  const [to, setTo] = useState('');
  const [done, setDone] = useState('');
  const give = (email: string) => {
    setDone('');
    assign.mutate(email, {
      onSuccess: () => {
        setTo('');
        setDone(email ? t('support.assigned', { email }) : t('support.unassigned'));
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (to.trim()) give(to.trim());
  };
  const next = thread.status === 'open' ? 'closed' : 'open';
  const busy = assign.isPending || status.isPending;
  const failure = [assign.error, status.error].find(Boolean);
  return (
    <Section title={t('support.handling')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t('support.statusLabel')}</dt>
        <dd>{t(`support.status.${thread.status}`)}</dd>
        <dt className="font-semibold">{t('support.assignee')}</dt>
        <dd className="break-all">{thread.assignee_email || t('support.nobody')}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {thread.assignee_email !== me.email ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => give(me.email)}>
            {t('support.takeIt')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant={next === 'closed' ? 'primary' : 'outline'}
          disabled={busy}
          onClick={() => {
            setDone('');
            status.mutate(next, { onSuccess: () => setDone(t(`support.became.${next}`)) });
          }}
        >
          {t(`support.to.${next}`)}
        </Button>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 space-y-2">
        <TextField id="support-assignee" type="email" label={t('support.assignTo')} value={to} onChange={(e) => setTo(e.target.value)} error={fieldError(assign.error, 'assignee')} />
        <Button type="submit" size="sm" variant="outline" disabled={busy || !to.trim()}>
          {t('support.assign')}
        </Button>
      </form>
      {failure && !fieldError(failure, 'assignee') ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {answerText(failure, t('action.failed'))}
        </p>
      ) : null}
      {done ? <Done>{done}</Done> : null}
    </Section>
  );
}

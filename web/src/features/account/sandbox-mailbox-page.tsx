import { Fragment, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldHint, Label } from '@/components/ui/label';
import { answerText } from '@/lib/api-client';
import { NotFoundPage } from '@/components/not-found-page';
import { formatDateTime, formatNumber } from '@/lib/money';
import { usePageMeta } from '@/lib/page-meta';
import { AccountError } from './api/account-api';
import { mailboxApi, type MailboxEntry } from './api/sandbox-mailbox';

/** ReplyBox answers a support e-mail as its recipient would (the reply goes back into its conversation). */
function ReplyBox({ id }: { id: string }) {
  const { t } = useTranslation('account');
  const [text, setText] = useState('');
  const [done, setDone] = useState(false);
  const send = useMutation({ mutationFn: (body: string) => mailboxApi.reply(id, body) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (text.trim()) send.mutate(text, {
        onSuccess: () => {
          setDone(true);
          setText('');
        },
      });
  };
  return (
    <section aria-labelledby="mailbox-reply" className="mt-6">
      <h3 id="mailbox-reply" className="font-semibold">{t('mailbox.replyTitle')}</h3>
      <form onSubmit={submit} className="mt-2 space-y-2">
        <Label htmlFor="mailbox-reply-text">{t('mailbox.reply')}</Label>
        <Textarea id="mailbox-reply-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-describedby="mailbox-reply-hint" />
        <FieldHint id="mailbox-reply-hint">{t('mailbox.replyHint')}</FieldHint>
        <Button type="submit" size="sm" disabled={send.isPending}>{t('mailbox.sendReply')}</Button>
        {done ? <p role="status" className="text-sm font-semibold text-green-800">{t('mailbox.replied')}</p> : null}
        {send.error ? <p role="alert" className="text-sm text-red-800">{answerText(send.error, t('mailbox.replyTitle'))}</p> : null}
      </form>
    </section>
  );
}

/** Linkified shows a text part with its links clickable. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-4 text-sm text-slate-900">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-blue-700 underline">{p}</a>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </pre>
  );
}

function Message({ id }: { id: string }) {
  const { t } = useTranslation('account');
  const q = useQuery({ queryKey: ['mailbox', id], queryFn: () => mailboxApi.message(id) });
  if (!q.data) return <p className="text-slate-600">{q.isError ? t('verify.invalid') : '…'}</p>;
  const m = q.data;
  return (
    <article>
      <Link to="/sandbox-mailbox" className="text-sm font-semibold text-blue-700 underline">{t('mailbox.back')}</Link>
      <h2 className="mt-4 text-xl font-bold text-ink">{m.subject}</h2>
      <p className="text-sm text-slate-700">{t('mailbox.to')}: {m.to} · {t('mailbox.received')}: {formatDateTime(new Date(m.delivered_at))}</p>
      {m.attachments?.length ? (
        <section aria-labelledby="mailbox-attachments" className="mt-4">
          <h3 id="mailbox-attachments" className="font-semibold">{t('mailbox.attachments')}</h3>
          <ul className="mt-1 list-disc pl-5">
            {m.attachments.map((a, i) => (
              <li key={a.name}>
                <a href={`/api/sandbox/mailbox/${encodeURIComponent(m.id)}/attachments/${i}`} download={a.name} className="text-blue-700 underline">
                  {a.name}
                </a>{' '}
                <span className="text-sm text-slate-600">({formatNumber(Math.ceil(a.size / 1024))} KB)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h3 className="mt-6 font-semibold">{t('mailbox.text')}</h3>
      <Linkified text={m.text ?? ''} />
      {/\[ref:[A-Z2-7]{10}\]/.test(m.subject) ? <ReplyBox id={m.id} /> : null}
      <h3 className="mt-6 font-semibold">{t('mailbox.html')}</h3>
      <iframe title={t('mailbox.html')} sandbox="allow-popups allow-top-navigation-by-user-activation" className="h-96 w-full rounded-md border"
        srcDoc={`<base target="_top">${m.html ?? ''}`} />
    </article>
  );
}

/** SandboxMailboxPage lists the local mailbox (sandbox partner, no SMTP). */
export function SandboxMailboxPage() {
  const { t } = useTranslation('account');
  usePageMeta(`${t('mailbox.title')} — Crebit`);
  const [params] = useSearchParams();
  const id = params.get('id');
  const list = useQuery({ queryKey: ['mailbox'], queryFn: mailboxApi.list, refetchInterval: 3000, retry: false });
  if (list.error instanceof AccountError && list.error.status === 404) return <NotFoundPage />;
  const messages: MailboxEntry[] = list.data?.messages ?? [];
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{t('mailbox.title')}</h1>
      <p className="mb-6 mt-2 text-slate-700">{t('mailbox.help')}</p>
      {id ? (
        <Message id={id} />
      ) : messages.length === 0 ? (
        <p className="text-slate-600">{t('mailbox.empty')}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-white">
          {messages.map((m) => (
            <li key={m.id}>
              <Link to={`/sandbox-mailbox?id=${encodeURIComponent(m.id)}`} className="block p-4 hover:bg-slate-50">
                <span className="block font-semibold text-ink">{m.subject}</span>
                <span className="text-sm text-slate-700">{m.to} · {formatDateTime(new Date(m.delivered_at))}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { FieldError, FieldHint, Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { ApiError, answerText } from '@/lib/api-client';
import { useSendMessage } from '../api/send-message';

type Field = 'name' | 'email' | 'subject' | 'message';

/**
 * MessageForm sends a message to support. Signed in, it asks only what the
 * message is about (the account's address is answered); signed out, also a
 * name and an address. The answer comes by e-mail.
 */
export function MessageForm({ signedIn, idPrefix = 'support' }: { signedIn: boolean; idPrefix?: string }) {
  const { t } = useTranslation('contact');
  const send = useSendMessage();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', subject: '', message: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState('');
  const fields: Field[] = signedIn ? ['subject', 'message'] : ['name', 'email', 'subject', 'message'];
  const set = (f: Field) => (v: string) => setValues((old) => ({ ...old, [f]: v }));
  const error = (f: Field) => missing[f] ?? (send.error instanceof ApiError && send.error.field === f ? send.error.message : undefined);
  const general = send.error && !(send.error instanceof ApiError && (fields as string[]).includes(send.error.field)) ? answerText(send.error, t('failed')) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m: Partial<Record<Field, string>> = {};
    for (const f of fields) if (!values[f].trim()) m[f] = t(`errors.${f}`);
    setMissing(m);
    if (Object.keys(m).length > 0) return;
    send.mutate(signedIn ? { subject: values.subject, message: values.message } : values, {
      onSuccess: (reference) => {
        setSent(t('sent', { reference }));
        setValues({ name: values.name, email: values.email, subject: '', message: '' });
      },
    });
  };
  const id = (f: Field) => `${idPrefix}-${f}`;
  const messageDescribed = [`${id('message')}-hint`, error('message') ? `${id('message')}-error` : ''].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')} className="space-y-4">
      {signedIn ? null : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField id={id('name')} label={t('name')} autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={error('name')} />
          <TextField id={id('email')} type="email" label={t('email')} autoComplete="email" value={values.email} onChange={(e) => set('email')(e.target.value)} error={error('email')} />
        </div>
      )}
      <TextField id={id('subject')} label={t('subject')} value={values.subject} maxLength={150} onChange={(e) => set('subject')(e.target.value)} error={error('subject')} />
      <div>
        <Label htmlFor={id('message')}>{t('message')}</Label>
        <Textarea
          id={id('message')}
          rows={5}
          maxLength={5000}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          aria-invalid={error('message') ? true : undefined}
          aria-describedby={messageDescribed}
        />
        <FieldHint id={`${id('message')}-hint`}>{signedIn ? t('hintSignedIn') : t('hint')}</FieldHint>
        {error('message') ? <FieldError id={`${id('message')}-error`}>{error('message')}</FieldError> : null}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={send.isPending}>
          {t('send')}
        </Button>
        {sent ? (
          <p role="status" className="text-sm font-semibold text-green-800">
            {sent}
          </p>
        ) : null}
        {general ? (
          <p role="alert" className="text-sm text-red-800">
            {general}
          </p>
        ) : null}
      </div>
    </form>
  );
}

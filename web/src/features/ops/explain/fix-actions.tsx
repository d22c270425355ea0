// The Fix actions of Explain, next to what they act on: resend an e-mail
// (any operator), replay a stored webhook, put the payment on hold or
// release it (finance and admins, as the API allows). Each asks for the reason the audit log keeps.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePaymentFixes } from '../api/payment-fixes';
import { ActionForm, Done, ReasonField, fieldError } from '../components/action-form';

interface FixProps {
  transactionId: string;
  /** label: the button's text; what: names the object in the form's name. */
  label: string;
  what: string;
  submit: string;
  hint?: string;
  run: (reason: string, done: (msg: string) => void) => void;
  busy: boolean;
  error: unknown;
  idPrefix: string;
  reset: () => void;
}

function Fix({ label, what, submit, hint, run, busy, error, idPrefix, reset }: Omit<FixProps, 'transactionId'>) {
  const { t } = useTranslation('ops');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState('');
  const [done, setDone] = useState<ReactNode>('');
  const submitForm = () => {
    if (!reason.trim()) {
      setMissing(t('action.errors.reason'));
      return;
    }
    setMissing('');
    run(reason, (msg) => {
      setDone(msg);
      setOpen(false);
      setReason('');
    });
  };
  return (
    <div className="mt-2">
      {!open ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`${label}: ${what}`}
          onClick={() => {
            reset();
            setDone('');
            setOpen(true);
          }}
        >
          {label}
        </Button>
      ) : (
        <ActionForm label={`${label}: ${what}`} submit={submit} busy={busy} error={error} fields={['reason']} onSubmit={submitForm} onCancel={() => setOpen(false)}>
          <ReasonField id={`${idPrefix}-reason`} value={reason} onChange={setReason} error={missing || fieldError(error, 'reason')} hint={hint} />
        </ActionForm>
      )}
      {done ? <Done>{done}</Done> : null}
    </div>
  );
}

/** ResendMail queues one of the payment's e-mails again, with the same content. */
export function ResendMail({ transactionId, mailId, subject }: { transactionId: string; mailId: string; subject: string }) {
  const { t } = useTranslation('ops');
  const { resend } = usePaymentFixes(transactionId);
  return (
    <Fix
      label={t('fix.resend')}
      what={subject}
      submit={t('fix.resendSubmit')}
      hint={t('fix.resendHint')}
      idPrefix={`resend-${mailId}`}
      busy={resend.isPending}
      error={resend.error}
      reset={resend.reset}
      run={(reason, done) => resend.mutate({ mail_id: mailId, reason }, { onSuccess: () => done(t('fix.resent')) })}
    />
  );
}

/** ReplayWebhook applies a stored webhook event to the payment again and says what it changed. */
export function ReplayWebhook({ transactionId, eventId, type }: { transactionId: string; eventId: string; type: string }) {
  const { t } = useTranslation('ops');
  const { replay } = usePaymentFixes(transactionId);
  return (
    <Fix
      label={t('fix.replay')}
      what={`${type} ${eventId}`}
      submit={t('fix.replaySubmit')}
      hint={t('fix.replayHint')}
      idPrefix={`replay-${eventId}`}
      busy={replay.isPending}
      error={replay.error}
      reset={replay.reset}
      run={(reason, done) => replay.mutate({ event_id: eventId, reason }, { onSuccess: (outcome) => done(t('fix.replayed', { outcome })) })}
    />
  );
}

/** HoldPayment puts the payment on hold ("Put on hold…") or, when it is held, releases it ("Release…"). */
export function HoldPayment({ transactionId, held }: { transactionId: string; held: boolean }) {
  const { t } = useTranslation('ops');
  const { hold, release } = usePaymentFixes(transactionId);
  if (held) {
    return (
      <Fix
        label={t('fix.release')}
        what={transactionId}
        submit={t('fix.releaseSubmit')}
        hint={t('fix.releaseHint')}
        idPrefix={`release-${transactionId}`}
        busy={release.isPending}
        error={release.error}
        reset={release.reset}
        run={(reason, done) =>
          release.mutate({ reason }, { onSuccess: (r) => done(t('fix.released', { status: r.status, count: r.applied_events.length })) })
        }
      />
    );
  }
  return (
    <Fix
      label={t('fix.hold')}
      what={transactionId}
      submit={t('fix.holdSubmit')}
      hint={t('fix.holdHint')}
      idPrefix={`hold-${transactionId}`}
      busy={hold.isPending}
      error={hold.error}
      reset={hold.reset}
      run={(reason, done) => hold.mutate({ reason }, { onSuccess: () => done(t('fix.held')) })}
    />
  );
}

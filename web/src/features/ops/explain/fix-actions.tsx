// The Fix actions of Explain, next to what they act on: resend an e-mail
// (any operator), replay a stored webhook, put the payment on hold or
// release it, and the money actions — refund a received pay-in, cancel an
// unpaid payment, pay out again a payout that came back (finance and admins,
// as the API allows). Each asks for the reason the audit log keeps; the ones
// that move money ask for the operator's password again.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { usePaymentFixes } from '../api/payment-fixes';
import type { Explanation } from '../api/explain-payment';
import { ActionForm, Done, ReasonField, fieldError } from '../components/action-form';

interface FixProps {
  transactionId: string;
  /** label: the button's text; what: names the object in the form's name. */
  label: string;
  what: string;
  submit: string;
  hint?: string;
  /** password: the action moves money, so the operator's password is asked again. */
  password?: boolean;
  destructive?: boolean;
  /** run starts the action; done is called on success, settled once it has ended either way. */
  run: (input: { reason: string; current_password: string }, done: (msg: string) => void, settled: () => void) => void;
  busy: boolean;
  error: unknown;
  idPrefix: string;
  reset: () => void;
  /** onDone takes the line that says the action went through, when the action itself may leave the page with the new state. */
  onDone?: (msg: string) => void;
}

function Fix({ label, what, submit, hint, password: askPassword, destructive, run, busy, error, idPrefix, reset, onDone }: Omit<FixProps, 'transactionId'>) {
  const { t } = useTranslation('ops');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [done, setDone] = useState<ReactNode>('');
  const submitForm = () => {
    const m: Record<string, string> = {};
    if (!reason.trim()) m.reason = t('action.errors.reason');
    if (askPassword && !password) m.current_password = t('action.errors.password');
    setMissing(m);
    if (Object.keys(m).length > 0) return;
    run(
      { reason, current_password: password },
      (msg) => {
        if (onDone) onDone(msg);
        else setDone(msg);
        setOpen(false);
        setReason('');
      },
      () => setPassword(''),
    );
  };
  const err = (f: string) => missing[f] ?? fieldError(error, f);
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
            onDone?.('');
            setOpen(true);
          }}
        >
          {label}
        </Button>
      ) : (
        <ActionForm
          label={`${label}: ${what}`}
          submit={submit}
          busy={busy}
          error={error}
          fields={askPassword ? ['reason', 'current_password'] : ['reason']}
          onSubmit={submitForm}
          onCancel={() => setOpen(false)}
          destructive={destructive}
        >
          <ReasonField id={`${idPrefix}-reason`} value={reason} onChange={setReason} error={err('reason')} hint={hint} />
          {askPassword ? (
            <TextField
              id={`${idPrefix}-password`}
              type="password"
              autoComplete="current-password"
              label={t('action.password')}
              hint={t('action.passwordHint')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={err('current_password')}
            />
          ) : null}
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
      run={({ reason }, done) => resend.mutate({ mail_id: mailId, reason }, { onSuccess: () => done(t('fix.resent')) })}
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
      run={({ reason }, done) => replay.mutate({ event_id: eventId, reason }, { onSuccess: (outcome) => done(t('fix.replayed', { outcome })) })}
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
        run={({ reason }, done) =>
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
      run={({ reason }, done) => hold.mutate({ reason }, { onSuccess: () => done(t('fix.held')) })}
    />
  );
}

/** RefundPayment refunds a received pay-in not yet converted: the payment ends refunded and the money is owed back to the payer. */
export function RefundPayment({ transactionId, onDone }: { transactionId: string; onDone?: (msg: string) => void }) {
  const { t } = useTranslation('ops');
  const { refund } = usePaymentFixes(transactionId);
  return (
    <Fix
      label={t('fix.refund')}
      what={transactionId}
      submit={t('fix.refundSubmit')}
      hint={t('fix.refundHint')}
      password
      destructive
      idPrefix={`refund-${transactionId}`}
      onDone={onDone}
      busy={refund.isPending}
      error={refund.error}
      reset={refund.reset}
      run={(body, done, settled) => refund.mutate(body, { onSuccess: (r) => done(t('fix.refunded', { status: t(`states.${r.status}`, { defaultValue: r.status }) })), onSettled: settled })}
    />
  );
}

/** CancelPayment cancels a payment still waiting for its pay-in. */
export function CancelPayment({ transactionId, onDone }: { transactionId: string; onDone?: (msg: string) => void }) {
  const { t } = useTranslation('ops');
  const { cancel } = usePaymentFixes(transactionId);
  return (
    <Fix
      label={t('fix.cancel')}
      what={transactionId}
      submit={t('fix.cancelSubmit')}
      hint={t('fix.cancelHint')}
      destructive
      idPrefix={`cancel-${transactionId}`}
      onDone={onDone}
      busy={cancel.isPending}
      error={cancel.error}
      reset={cancel.reset}
      run={({ reason }, done) => cancel.mutate({ reason }, { onSuccess: (r) => done(t('fix.cancelled', { status: t(`states.${r.status}`, { defaultValue: r.status }) })) })}
    />
  );
}

/** PayOutAgain asks the partner again for a payout that came back. */
export function PayOutAgain({ transactionId, onDone }: { transactionId: string; onDone?: (msg: string) => void }) {
  const { t } = useTranslation('ops');
  const { payoutAgain } = usePaymentFixes(transactionId);
  return (
    <Fix
      label={t('fix.payoutAgain')}
      what={transactionId}
      submit={t('fix.payoutAgainSubmit')}
      hint={t('fix.payoutAgainHint')}
      password
      idPrefix={`payout-again-${transactionId}`}
      onDone={onDone}
      busy={payoutAgain.isPending}
      error={payoutAgain.error}
      reset={payoutAgain.reset}
      run={(body, done, settled) => payoutAgain.mutate(body, { onSuccess: () => done(t('fix.payoutAgainDone')), onSettled: settled })}
    />
  );
}

/** holdable: a payment in progress whose pay-in is open may be put on hold (the API refuses the others). */
const holdable = (status: string) => !['created', 'completed', 'check_mailed', 'expired', 'failed', 'refunded', 'payin_mismatch'].includes(status);

/**
 * PaymentFixes are the Fix actions on the whole payment (finance and admins):
 * hold or release, and Refund, Cancel or Pay out again when the payment allows
 * it. What the last money action did stays here, since the action leaves the
 * page with the payment's new state.
 */
export function PaymentFixes({ payment: p }: { payment: Explanation['payment'] }) {
  const [done, setDone] = useState('');
  const id = p.transaction_id;
  const any = Boolean(p.hold) || holdable(p.status) || p.refundable || p.cancellable || p.payout_returned;
  if (!any && !done) return null;
  return (
    <div>
      {p.hold || holdable(p.status) ? <HoldPayment transactionId={id} held={!!p.hold} /> : null}
      {p.refundable ? <RefundPayment transactionId={id} onDone={setDone} /> : null}
      {p.cancellable ? <CancelPayment transactionId={id} onDone={setDone} /> : null}
      {p.payout_returned ? <PayOutAgain transactionId={id} onDone={setDone} /> : null}
      {done ? <Done>{done}</Done> : null}
    </div>
  );
}

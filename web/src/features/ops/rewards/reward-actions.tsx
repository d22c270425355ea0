import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useRewardActions, type Reward } from '../api/rewards';
import { ActionForm, ReasonField, fieldError } from '../components/action-form';

/** SendRewardForm e-mails the gift card's code to the referrer; the operator's password is asked again (it moves money). */
export function SendRewardForm({ reward, onDone, onCancel }: { reward: Reward; onDone: (msg: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('ops');
  const { send } = useRewardActions();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const id = `send-${reward.id}`;
  const submit = () => {
    const m: Record<string, string> = {};
    if (!code.trim()) m.code = t('rewards.errors.code');
    if (!reason.trim()) m.reason = t('action.errors.reason');
    if (!password) m.current_password = t('rewards.errors.password');
    setMissing(m);
    if (Object.keys(m).length > 0) return;
    send.mutate(
      { id: reward.id, code: code.trim(), reason, current_password: password },
      { onSuccess: () => onDone(t('rewards.sent', { email: reward.referrer_email })), onSettled: () => setPassword('') },
    );
  };
  const err = (f: string) => missing[f] ?? fieldError(send.error, f);
  return (
    <ActionForm label={t('rewards.sendTitle')} submit={t('rewards.sendSubmit')} busy={send.isPending} error={send.error} fields={['code', 'reason', 'current_password']} onSubmit={submit} onCancel={onCancel}>
      <TextField id={`${id}-code`} label={t('rewards.code')} hint={t('rewards.codeHint', { brand: reward.gift_card_brand ?? '' })} autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} error={err('code')} />
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} error={err('reason')} />
      <TextField
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        label={t('rewards.password')}
        hint={t('rewards.passwordHint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={err('current_password')}
      />
    </ActionForm>
  );
}

/** ReviewRewardForm releases a held reward to earned, or refuses one; the reason is required. */
export function ReviewRewardForm({ reward, decision, onDone, onCancel }: { reward: Reward; decision: 'release' | 'refuse'; onDone: (msg: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('ops');
  const { review } = useRewardActions();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState('');
  const submit = () => {
    if (!reason.trim()) {
      setMissing(t('action.errors.reason'));
      return;
    }
    setMissing('');
    review.mutate({ id: reward.id, decision, reason }, { onSuccess: () => onDone(t(`rewards.${decision}d`)) });
  };
  return (
    <ActionForm
      label={t(`rewards.${decision}Title`)}
      submit={t(`rewards.${decision}Submit`)}
      busy={review.isPending}
      error={review.error}
      fields={['reason']}
      onSubmit={submit}
      onCancel={onCancel}
      destructive={decision === 'refuse'}
    >
      <ReasonField id={`${decision}-${reward.id}-reason`} value={reason} onChange={setReason} error={missing || fieldError(review.error, 'reason')} hint={t(`rewards.${decision}Hint`)} />
    </ActionForm>
  );
}

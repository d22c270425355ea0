import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useRecordReturn } from '../api/returns';
import { ActionForm, ReasonField, fieldError } from '../components/action-form';

/**
 * RecordReturnForm records that the partner returned money owed to a payer:
 * the partner's reference, the reason and the operator's password again (it
 * closes money owed); the payer is e-mailed.
 */
export function RecordReturnForm({ returnId, what, onDone, onCancel }: { returnId: string; what: string; onDone: (msg: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('ops');
  const record = useRecordReturn();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const id = `record-${returnId}`;
  const submit = () => {
    const m: Record<string, string> = {};
    if (!reference.trim()) m.reference = t('returns.errors.reference');
    if (!reason.trim()) m.reason = t('action.errors.reason');
    if (!password) m.current_password = t('action.errors.password');
    setMissing(m);
    if (Object.keys(m).length > 0) return;
    record.mutate(
      { id: returnId, reference: reference.trim(), reason, current_password: password },
      { onSuccess: (r) => onDone(t('returns.recorded', { reference: r.reference ?? reference.trim() })), onSettled: () => setPassword('') },
    );
  };
  const err = (f: string) => missing[f] ?? fieldError(record.error, f);
  return (
    <ActionForm
      label={`${t('returns.recordTitle')}: ${what}`}
      submit={t('returns.recordSubmit')}
      busy={record.isPending}
      error={record.error}
      fields={['reference', 'reason', 'current_password']}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="text-sm text-slate-800">{t('returns.recordExplain')}</p>
      <TextField id={`${id}-reference`} label={t('returns.reference')} hint={t('returns.referenceHint')} autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} error={err('reference')} />
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} error={err('reason')} />
      <TextField
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        label={t('action.password')}
        hint={t('action.passwordHint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={err('current_password')}
      />
    </ActionForm>
  );
}

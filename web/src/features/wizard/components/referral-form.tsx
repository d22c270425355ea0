import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from './form-field';

export interface ReferralFormProps {
  idPrefix: string;
  busy: boolean;
  /** onSend submits the rows; true when they were sent. */
  onSend: (rows: string[]) => Promise<boolean>;
  /** onSkip shows 'Skip Referrals' (step 9); without it the form only sends. */
  onSkip?: () => void;
  sendLabel: string;
}

/** ReferralForm is a list of friends' e-mails: rows can be added and removed, one always stays. */
export function ReferralForm({ idPrefix, busy, onSend, onSkip, sendLabel }: ReferralFormProps) {
  const { t } = useTranslation('wizard');
  const [rows, setRows] = useState<Array<{ key: number; value: string }>>([{ key: 0, value: '' }]);
  const [nextKey, setNextKey] = useState(1);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (await onSend(rows.map((r) => r.value))) setRows([{ key: nextKey, value: '' }]);
    setNextKey((k) => k + 1);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${idPrefix}-heading`} className="mt-8 rounded-xl border border-brand bg-yellow-50 p-4">
      <h3 id={`${idPrefix}-heading`} className="text-lg font-bold text-ink">
        {t('referrals.heading')}
      </h3>
      <p className="mt-1 text-slate-800">{t('referrals.body')}</p>
      <ul className="mt-4 space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="flex items-end gap-2">
            <TextField
              id={`${idPrefix}-email-${row.key}`}
              className="flex-1"
              type="email"
              autoComplete="off"
              label={t('referrals.emailLabel', { n: i + 1 })}
              value={row.value}
              onChange={(e) => setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, value: e.target.value } : r)))}
            />
            {rows.length > 1 ? (
              <Button
                variant="outline"
                aria-label={t('referrals.remove', { n: i + 1 })}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                className="px-3"
              >
                <span aria-hidden="true">✕</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Button
        variant="link"
        className="mt-3"
        onClick={() => {
          setRows((rs) => [...rs, { key: nextKey, value: '' }]);
          setNextKey((k) => k + 1);
        }}
      >
        <span aria-hidden="true">+</span>
        {t('referrals.add')}
      </Button>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {onSkip ? (
          <Button variant="outline" onClick={onSkip} className="w-full sm:w-auto">
            {t('referrals.skip')}
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" disabled={busy} className="w-full sm:ml-auto sm:w-auto">
          {busy ? t('referrals.sending') : sendLabel}
        </Button>
      </div>
    </form>
  );
}

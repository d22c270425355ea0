// The one referral form (wizard steps 7 and 9, /payment-complete): rows of
// friends' e-mails that can be added and removed (one always stays). The
// caller sends them and says whether the server stored them; a refusal
// is shown under the first field as well as in the caller's toast.

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

export interface ReferralLabels {
  email: (n: number) => string;
  remove: (n: number) => string;
  add: string;
  send: string;
  sending: string;
  skip?: string;
  placeholder?: string;
}

export interface ReferralFormProps {
  idPrefix: string;
  labels: ReferralLabels;
  busy: boolean;
  /** onSend submits the rows; it resolves to null when they were stored, else the message to show. */
  onSend: (rows: string[]) => Promise<string | null>;
  /** onSkip shows the skip button (step 9). */
  onSkip?: () => void;
  /** header: a heading and text above the rows, inside the form. */
  header?: ReactNode;
  className?: string;
}

export function ReferralForm({ idPrefix, labels, busy, onSend, onSkip, header, className }: ReferralFormProps) {
  const nextKey = useRef(1);
  const [rows, setRows] = useState<Array<{ key: number; value: string }>>([{ key: 0, value: '' }]);
  const [error, setError] = useState<string | null>(null);
  // The row to focus once it is mounted (a newly added one).
  const pendingFocus = useRef<number | null>(null);
  const add = () => {
    const key = nextKey.current++;
    pendingFocus.current = key;
    setRows((rs) => [...rs, { key, value: '' }]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = await onSend(rows.map((r) => r.value));
    setError(problem);
    if (problem === null) setRows([{ key: nextKey.current++, value: '' }]);
  };
  const update = (key: number, value: string) => {
    setError(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, value } : r)));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={header ? `${idPrefix}-heading` : undefined} className={className}>
      {header}
      <ul className="mt-4 space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="flex items-start gap-2">
            <TextField
              id={`${idPrefix}-email-${row.key}`}
              className="flex-1"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder={labels.placeholder}
              label={labels.email(i + 1)}
              value={row.value}
              error={i === 0 ? error : null}
              disabled={busy}
              onChange={(e) => update(row.key, e.target.value)}
              ref={(el) => {
                if (el && pendingFocus.current === row.key) {
                  pendingFocus.current = null;
                  el.focus();
                }
              }}
            />
            {rows.length > 1 ? (
              <Button
                variant="outline"
                aria-label={labels.remove(i + 1)}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                disabled={busy}
                className="mt-6 px-3"
              >
                <span aria-hidden="true">✕</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Button variant="link" className="mt-3" disabled={busy} onClick={add}>
        <span aria-hidden="true">+</span> {labels.add}
      </Button>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {onSkip && labels.skip ? (
          <Button variant="outline" onClick={onSkip} className="w-full sm:w-auto">
            {labels.skip}
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" disabled={busy} className="w-full sm:ml-auto sm:w-auto">
          {busy ? labels.sending : labels.send}
        </Button>
      </div>
    </form>
  );
}

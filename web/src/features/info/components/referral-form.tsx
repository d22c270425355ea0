import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { useSubmitReferrals } from '../api/submit-referrals';
import { isValidReferralEmail } from '../referral-email';

interface Row {
  key: number;
  email: string;
}

/**
 * ReferralForm collects friends' e-mail addresses (rows can be added and
 * removed; at least one row always stays) and submits the valid ones.
 */
export function ReferralForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation('info');
  const nextKey = useRef(1);
  const [rows, setRows] = useState<Row[]>([{ key: 0, email: '' }]);
  // The row to focus once it is mounted (a newly added one).
  const pendingFocus = useRef<number | null>(null);
  const submit = useSubmitReferrals();

  const update = (key: number, email: string) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, email } : r)));
  const add = () => {
    const key = nextKey.current++;
    setRows((rs) => [...rs, { key, email: '' }]);
    pendingFocus.current = key;
  };
  const remove = (key: number) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : rs));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const emails = rows.map((r) => r.email.trim()).filter(isValidReferralEmail);
    if (emails.length === 0) {
      toast({
        title: t('complete.referral.noneValidTitle'),
        description: t('complete.referral.noneValidDescription'),
        variant: 'destructive',
      });
      return;
    }
    submit.mutate(
      { customer_id: customerId, emails },
      {
        onSuccess: (res) => {
          toast({ title: t('complete.referral.successTitle'), description: t('complete.referral.sent', { count: res.sent }) });
          const key = nextKey.current++;
          setRows([{ key, email: '' }]);
        },
        onError: (err) =>
          toast({
            title: t('complete.referral.errorTitle'),
            description: errorMessage(err, t('complete.referral.errorFallback')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <ul className="space-y-3">
        {rows.map((row, i) => {
          const id = `referral-email-${row.key}`;
          return (
            <li key={row.key}>
              <Label htmlFor={id}>{t('complete.referral.emailLabel', { n: i + 1 })}</Label>
              <div className="flex gap-2">
                <Input
                  id={id}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder={t('complete.referral.placeholder')}
                  value={row.email}
                  onChange={(e) => update(row.key, e.target.value)}
                  disabled={submit.isPending}
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
                    aria-label={t('complete.referral.removeLabel', { n: i + 1 })}
                    onClick={() => remove(row.key)}
                    disabled={submit.isPending}
                  >
                    {t('complete.referral.remove')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={add} disabled={submit.isPending}>
          <span aria-hidden="true">+</span> {t('complete.referral.add')}
        </Button>
        <Button type="submit" variant="secondary" disabled={submit.isPending}>
          {submit.isPending ? t('complete.referral.sending') : t('complete.referral.submit')}
        </Button>
      </div>
    </form>
  );
}

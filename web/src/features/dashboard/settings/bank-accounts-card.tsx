import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useBankAccounts, useRemoveBankAccount } from '../api/settings-api';
import { FormError } from './form-bits';

/** BankAccountsCard lists the saved US bank accounts (masked) with Remove. */
export function BankAccountsCard() {
  const { t } = useTranslation('dashboard');
  const list = useBankAccounts();
  const remove = useRemoveBankAccount();
  return (
    <Card>
      <h2 id="bank-accounts-heading" className="text-lg font-bold text-ink">
        {t('banks.heading')}
      </h2>
      {list.isPending ? <p className="mt-2 text-slate-600">{t('loading')}</p> : null}
      {list.isError ? <FormError error={list.error} /> : null}
      {list.data && list.data.length === 0 ? <p className="mt-2 text-slate-700">{t('banks.none')}</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul aria-labelledby="bank-accounts-heading" className="mt-3 divide-y divide-slate-200">
          {list.data.map((a) => {
            const label = t('banks.label', { bank: a.bank_name, holder: a.account_holder_name, last4: a.last4 });
            return (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="text-ink">{label}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('banks.removeLabel', { account: label })}
                  onClick={() => remove.mutate(a.id)}
                >
                  {t('banks.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {remove.isError ? <FormError error={remove.error} /> : null}
    </Card>
  );
}

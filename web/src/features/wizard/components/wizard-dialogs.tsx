import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatAmount } from '@/lib/money';
import type { WizardController } from '../hooks/use-wizard';

/** WizardDialogsView: what WizardDialogs reads of the wizard's controller. */
export type WizardDialogsView = Pick<WizardController, 'answer' | 'ask' | 'config' | 'expiredOpen' | 'minimumOpen' | 'newQuote' | 'setExpiredOpen' | 'setMinimumOpen' | 't'>;

/** WizardDialogs: minimum amount, quote expired, and the existing customer / bank account confirms. */
export function WizardDialogs({ w }: { w: WizardDialogsView }) {
  const { t, config, ask } = w;
  return (
    <>
      <Dialog
        open={w.minimumOpen}
        onOpenChange={w.setMinimumOpen}
        title={t('dialogs.minimum.title')}
        description={t('dialogs.minimum.body', { amount: formatAmount(config.minimumUSD ?? 0, 'USD') })}
        footer={<Button onClick={() => w.setMinimumOpen(false)}>{t('dialogs.minimum.ok')}</Button>}
      />

      <Dialog
        open={w.expiredOpen}
        onOpenChange={w.setExpiredOpen}
        title={t('dialogs.expired.title')}
        description={t('dialogs.expired.body')}
        footer={
          <>
            <Button variant="outline" onClick={() => w.setExpiredOpen(false)}>
              {t('dialogs.expired.close')}
            </Button>
            <Button onClick={w.newQuote}>{t('dialogs.expired.newQuote')}</Button>
          </>
        }
      />

      <Dialog
        open={ask?.kind === 'customer'}
        onOpenChange={(open) => !open && w.answer(false)}
        title={ask?.kind === 'customer' ? (ask.res.popup_title ?? '') : ''}
        description={
          ask?.kind === 'customer' ? (
            <>
              {ask.res.popup_message ? <span className="block">{ask.res.popup_message}</span> : null}
              {ask.res.popup_details ? <span className="mt-2 block font-semibold text-ink">{ask.res.popup_details}</span> : null}
              {ask.res.popup_question ? <span className="mt-2 block">{ask.res.popup_question}</span> : null}
            </>
          ) : undefined
        }
        footer={
          <>
            <Button variant="outline" onClick={() => w.answer(false)}>
              {t('dialogs.existingCustomer.decline')}
            </Button>
            <Button onClick={() => w.answer(true)}>{t('dialogs.existingCustomer.accept')}</Button>
          </>
        }
      />

      <Dialog
        open={ask?.kind === 'account'}
        onOpenChange={(open) => !open && w.answer(false)}
        title={t('dialogs.existingAccount.title')}
        description={
          ask?.kind === 'account' ? t('dialogs.existingAccount.body', { bank: ask.account.bankName, last4: ask.account.last4 }) : undefined
        }
        footer={
          <>
            <Button variant="outline" onClick={() => w.answer(false)}>
              {t('dialogs.existingAccount.decline')}
            </Button>
            <Button onClick={() => w.answer(true)}>{t('dialogs.existingAccount.accept')}</Button>
          </>
        }
      />
    </>
  );
}

import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { BankDetails, Translate } from '../lib/validation';

interface BankFieldsProps<T extends FieldValues & BankDetails> {
  t: Translate;
  register: UseFormRegister<T>;
  invalid: (f: keyof BankDetails) => boolean;
  /** error is the message under a field, or null. */
  error: (f: keyof BankDetails) => string | null | undefined;
}

/**
 * BankFields are the 8 fields of a new US bank account (wizard step 2, and
 * the dashboard's Add New Bank Account), each input tied to its label.
 */
export function BankFields<T extends FieldValues & BankDetails>({ t, register, invalid, error }: BankFieldsProps<T>) {
  const reg = (f: keyof BankDetails) => register(f as Path<T>);
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        id="accountHolderName"
        label={t('delivery.bankForm.accountHolderName')}
        autoComplete="name"
        invalid={invalid('accountHolderName')} error={error('accountHolderName')}
        {...reg('accountHolderName')}
      />
      <TextField id="bankName" label={t('delivery.bankForm.bankName')} autoComplete="off" invalid={invalid('bankName')} error={error('bankName')} {...reg('bankName')} />
      <TextField
        id="bankStreetAddress"
        className="sm:col-span-2"
        label={t('delivery.bankForm.bankStreetAddress')}
        hint={t('delivery.bankForm.bankStreetAddressHint')}
        autoComplete="off"
        invalid={invalid('bankStreetAddress')} error={error('bankStreetAddress')}
        {...reg('bankStreetAddress')}
      />
      <TextField id="bankCity" label={t('delivery.bankForm.bankCity')} autoComplete="off" invalid={invalid('bankCity')} error={error('bankCity')} {...reg('bankCity')} />
      <TextField id="bankState" label={t('delivery.bankForm.bankState')} autoComplete="off" invalid={invalid('bankState')} error={error('bankState')} {...reg('bankState')} />
      <TextField id="bankZipCode" label={t('delivery.bankForm.bankZipCode')} autoComplete="off" inputMode="numeric" invalid={invalid('bankZipCode')} error={error('bankZipCode')} {...reg('bankZipCode')} />
      <TextField
        id="routingNumber"
        label={t('delivery.bankForm.routingNumber')}
        hint={t('delivery.bankForm.routingNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        invalid={invalid('routingNumber')} error={error('routingNumber')}
        {...reg('routingNumber')}
      />
      <TextField
        id="accountNumber"
        className="sm:col-span-2"
        label={t('delivery.bankForm.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        invalid={invalid('accountNumber')} error={error('accountNumber')}
        {...reg('accountNumber')}
      />
    </div>
  );
}

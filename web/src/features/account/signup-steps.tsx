import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field, PasswordField } from './field';
import { bankFields, formatDob, type SignUpForm } from './signup-model';

export interface StepProps {
  form: SignUpForm;
  set: (patch: Partial<SignUpForm>) => void;
  /** leave checks a field when the focus leaves it. */
  leave?: (k: keyof SignUpForm) => void;
  errors: Partial<Record<keyof SignUpForm, string>>;
  /** emailTaken: the address has an account (the e-mail field offers sign-in and a reset). */
  emailTaken?: boolean;
}

export function AccountStep({ form, set, leave, errors, emailTaken }: StepProps) {
  const { t } = useTranslation('account');
  const mismatch = form.password !== '' && form.confirmPassword !== '' && form.password !== form.confirmPassword;
  return (
    <div className="space-y-4">
      <div>
        <Field id="email" type="email" autoComplete="email" label={t('labels.email')} value={form.email}
          onChange={(e) => set({ email: e.target.value })} onBlur={() => leave?.('email')} error={errors.email} maxLength={254} />
        {emailTaken ? (
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <Link to="/signin" className="font-semibold text-blue-700 underline">{t('signup.signIn')}</Link>
            <Link to="/forgot-password" className="font-semibold text-blue-700 underline">{t('signup.resetPassword')}</Link>
          </p>
        ) : null}
      </div>
      <PasswordField id="password" autoComplete="new-password" label={t('labels.password')} value={form.password}
        hint={t('signup.passwordRules')} onChange={(e) => set({ password: e.target.value })} onBlur={() => leave?.('password')} error={errors.password} maxLength={128} />
      <PasswordField id="confirmPassword" autoComplete="new-password" label={t('labels.confirmPassword')} value={form.confirmPassword}
        onChange={(e) => set({ confirmPassword: e.target.value })} onBlur={() => leave?.('confirmPassword')}
        error={errors.confirmPassword ?? (mismatch ? t('signup.passwordsMismatch') : null)} maxLength={128} />
    </div>
  );
}

export function PersonalStep({ form, set, leave, errors }: StepProps) {
  const { t } = useTranslation('account');
  const text = (k: 'firstName' | 'lastName' | 'phone', ac: string) => (
    <Field id={k} autoComplete={ac} label={t(`labels.${k}`)} value={form[k]} onChange={(e) => set({ [k]: e.target.value })}
      onBlur={() => leave?.(k)} error={errors[k]} maxLength={200} />
  );
  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor="country">{t('labels.country')}</Label>
        <NativeSelect id="country" value={form.country}
          onChange={(e) => {
            const country = e.target.value === 'mexico' ? 'mexico' : 'brazil';
            set({ country, documentType: country === 'mexico' ? 'curp' : 'cpf', taxId: form.country === country ? form.taxId : '' });
          }}>
          <option value="brazil">{t('signup.brazil')}</option>
          <option value="mexico">{t('signup.mexico')}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      <Field id="taxId" label={t(`labels.${form.documentType}`)} value={form.taxId} onChange={(e) => set({ taxId: e.target.value })}
        onBlur={() => leave?.('taxId')} error={errors.taxId} maxLength={30} autoComplete="off" />
      <Field id="dateOfBirth" inputMode="numeric" label={t('labels.dateOfBirth')} placeholder={t('signup.dobPlaceholder')}
        value={form.dateOfBirth} maxLength={10} onChange={(e) => set({ dateOfBirth: formatDob(e.target.value) })}
        onBlur={() => leave?.('dateOfBirth')} error={errors.dateOfBirth} autoComplete="bday" />
      {text('phone', 'tel')}
    </div>
  );
}

export function AddressStep({ form, set, leave, errors }: StepProps) {
  const { t } = useTranslation('account');
  const keys = [['streetAddress', 'street-address'], ['city', 'address-level2'], ['state', 'address-level1'], ['zipCode', 'postal-code']] as const;
  return (
    <div className="space-y-4">
      {keys.map(([k, ac]) => (
        <Field key={k} id={k} autoComplete={ac} label={t(`labels.${k}`)} value={form[k]} onChange={(e) => set({ [k]: e.target.value })}
          onBlur={() => leave?.(k)} error={errors[k]} maxLength={200} />
      ))}
    </div>
  );
}

export function BankStep({ form, set, leave, errors }: StepProps) {
  const { t } = useTranslation('account');
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
        <input id="hasUSBankAccount" type="checkbox" className="h-5 w-5" checked={form.hasUSBankAccount}
          onChange={(e) => set({ hasUSBankAccount: e.target.checked })} />
        {t('signup.hasBank')}
      </label>
      {form.hasUSBankAccount ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {bankFields.map((k) => (
            <Field key={k} id={k} label={t(`labels.${k}`)} value={form[k]} onChange={(e) => set({ [k]: e.target.value })}
              hint={k === 'routingNumber' ? t('signup.routingHint') : undefined} onBlur={() => leave?.(k)} error={errors[k]}
              inputMode={k === 'routingNumber' || k === 'accountNumber' ? 'numeric' : undefined} maxLength={200} autoComplete="off" />
          ))}
        </div>
      ) : null}
    </div>
  );
}

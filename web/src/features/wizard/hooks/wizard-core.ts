// What every wizard hook shares: the reducer's dispatch, the latest state
// (read inside async calls, which outlive a render), the translate
// function, the corridor, and the two ways of telling the payer something
// went wrong (a toast, and an error under the field it is about).

import type { Dispatch, RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { CountryConfig } from '@/features/payments/lib/country';
import type { FormField } from '../lib/server-fields';
import type { Action, WizardState } from '../lib/state';

export type FieldErrors = Partial<Record<FormField, string>>;

export interface WizardCore {
  config: CountryConfig;
  t: TFunction<'wizard'>;
  dispatch: Dispatch<Action>;
  stateRef: RefObject<WizardState>;
  /** errorToast confirms a failure; the error itself also sits under its field or in the step. */
  errorToast: (description: string, title?: string) => void;
  /**
   * setFieldError puts a message under a field (null clears it). With
   * announce, a toast confirms it too, and goes away when the field is fixed.
   */
  setFieldError: (field: FormField, message: string | null, announce?: boolean) => void;
}

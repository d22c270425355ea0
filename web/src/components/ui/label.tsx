import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Label names a field; always set htmlFor to the field's id. */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('mb-1.5 block text-sm font-medium text-slate-800', className)} {...props} />;
}

/** FieldHint is help text under a field; link it with aria-describedby. */
export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-sm text-slate-600', className)} {...props} />;
}

/** FieldError is a field's error text; link it with aria-describedby. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p role="alert" className={cn('mt-1 text-sm text-red-700', className)} {...props} />;
}

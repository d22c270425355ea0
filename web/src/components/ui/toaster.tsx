import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { dismissToast, getToasts, subscribeToastMargin, subscribeToasts, toastsInMargin } from './toast-store';

/** Toaster renders the toasts; mount it once. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const margin = useSyncExternalStore(subscribeToastMargin, toastsInMargin, toastsInMargin);
  const { t } = useTranslation('common');
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={t('toast.region')}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative rounded-xl border p-3 pr-9 text-sm shadow-lg',
            item.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-ink',
          )}
        >
          <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm">{item.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close aria-label={t('toast.close')} className="absolute right-3 top-3 text-lg leading-none">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Toasts never cover a field, a code, an amount, a badge or a button: they
        take their own room at the top of the page (pushing it down), except
        from 1280 px on a narrow page (useToastMargin), where they sit in the
        right margin, narrower than the wizard's gutter.
      */}
      <ToastPrimitive.Viewport
        data-placement={margin ? 'margin' : 'top'}
        className={cn(
          'relative z-[100] flex w-full flex-col gap-2 px-3 pt-3 outline-none empty:hidden',
          margin && 'xl:fixed xl:bottom-0 xl:right-0 xl:w-60 xl:p-3',
        )}
      />
    </ToastPrimitive.Provider>
  );
}

import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { dismissToast, getToasts, subscribeToasts } from './toast-store';

/** Toaster renders the toasts; mount it once. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const { t } = useTranslation('common');
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label={t('toast.region')}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative rounded-xl border p-4 pr-10 shadow-lg',
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
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}

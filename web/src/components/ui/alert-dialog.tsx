import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';

export interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancel: string;
  confirm: string;
  onConfirm: () => void;
  /** busy disables the confirm button while the action runs. */
  busy?: boolean;
}

/**
 * AlertDialog asks to confirm an action that cannot be undone (Radix: focus
 * starts on Cancel, Escape cancels, a click outside does not confirm).
 */
export function AlertDialog({ open, onOpenChange, title, description, cancel, confirm, onConfirm, busy }: AlertDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialogPrimitive.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialogPrimitive.Title className="text-lg font-bold text-ink">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-slate-700">{description}</AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline">{cancel}</Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant="destructive" disabled={busy} onClick={onConfirm}>
              {confirm}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

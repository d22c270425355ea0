// The one toast system: any code calls toast({ title, description, variant })
// and <Toaster /> (mounted once in the app) shows it.
import { useEffect } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

type Listener = () => void;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

/** toast shows a message; destructive toasts are errors. */
export function toast(t: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  items = [...items, { id, title: t.title, description: t.description, variant: t.variant ?? 'default' }].slice(-4);
  emit();
  return id;
}

/** dismissToast removes a toast. */
export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function getToasts(): ToastItem[] {
  return items;
}

/** resetToasts clears every toast (tests). */
export function resetToasts() {
  items = [];
  emit();
}

// Where toasts may sit (issue 26, item 14: a toast covered the top search
// card's match badge). From 1280 px a page whose content is narrow (the
// wizards, max-w-3xl) leaves a right margin wider than a toast, and toasts
// sit there, in view wherever the page is scrolled. Every other page's
// content reaches into that margin, so there toasts take their own room at
// the top of the page, as they do below 1280 px. A narrow page says so with
// useToastMargin().
let marginPages = 0;
const marginListeners = new Set<Listener>();

export function subscribeToastMargin(l: Listener): () => void {
  marginListeners.add(l);
  return () => marginListeners.delete(l);
}

/** toastsInMargin: the page on screen leaves room for toasts in its right margin. */
export function toastsInMargin(): boolean {
  return marginPages > 0;
}

/** holdToastMargin marks a narrow page as shown; call the returned function when it goes. */
export function holdToastMargin(): () => void {
  marginPages++;
  for (const l of marginListeners) l();
  return () => {
    marginPages--;
    for (const l of marginListeners) l();
  };
}

/** useToastMargin: a page whose content is narrow (max-w-3xl) lets toasts sit in its right margin from 1280 px. */
export function useToastMargin() {
  useEffect(() => holdToastMargin(), []);
}

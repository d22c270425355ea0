// The one toast system: any code calls toast({ title, description, variant })
// and <Toaster /> (mounted once in the app) shows it.

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

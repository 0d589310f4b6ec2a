import { proxy } from 'valtio';
import { TOAST_LEAVE_MS, TOAST_LIFETIME_MS } from '@domain/constants';

/** A toast of spec §3: id, message, type; `leaving` while its leave animation runs. */
export interface Toast {
  id: string;
  message: string;
  type: 'success' | 'error' | 'warning';
  leaving: boolean;
}

/** The toast list; newest first. */
export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Adds a toast at the front of the list; it dismisses itself after 5 s. Returns its id. */
export function pushToast(message: string, type: Toast['type'] = 'success'): string {
  const id = `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  toastStore.toasts.unshift({ id, message, type, leaving: false });
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS));
  return id;
}

/** Starts a toast's 500 ms leave animation, then removes it by id. */
export function dismissToast(id: string): void {
  const toast = toastStore.toasts.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  clearTimeout(timers.get(id));
  toast.leaving = true;
  timers.set(id, setTimeout(() => removeToast(id), TOAST_LEAVE_MS));
}

/** Removes a toast by id at once. */
export function removeToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.toasts = toastStore.toasts.filter((t) => t.id !== id);
}

/** Removes every toast (client-state reset). */
export function resetToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toastStore.toasts = [];
}

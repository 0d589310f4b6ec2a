import { proxy } from 'valtio';
import { TOAST_LEAVE_MS, TOAST_LIFETIME_MS } from '@domain/constants';

/** A toast: id, message, type; `leaving` while its leave animation runs; the label of its action, if any. */
export interface Toast {
  id: string;
  message: string;
  type: 'success' | 'error' | 'warning';
  leaving: boolean;
  actionLabel?: string;
}

/** A button a toast offers (Undo): pressing it runs `run` and dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

/** Options of pushToast: an action button and how long the toast stays (default 5 s). */
export interface ToastOptions {
  action?: ToastAction;
  durationMs?: number;
}

/** The toast list; newest first. */
export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
// Functions stay out of the proxy: the store holds only what is rendered.
const actions = new Map<string, ToastAction>();
const durations = new Map<string, number>();

/** Adds a toast at the front of the list; it dismisses itself after 5 s (or `durationMs`). Returns its id. */
export function pushToast(message: string, type: Toast['type'] = 'success', options: ToastOptions = {}): string {
  const id = `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  toastStore.toasts.unshift({ id, message, type, leaving: false, ...(options.action ? { actionLabel: options.action.label } : {}) });
  if (options.action) actions.set(id, options.action);
  durations.set(id, options.durationMs ?? TOAST_LIFETIME_MS);
  timers.set(id, setTimeout(() => dismissToast(id), durations.get(id)));
  return id;
}

/** Runs a toast's action once and dismisses the toast. */
export function runToastAction(id: string): void {
  const action = actions.get(id);
  const toast = toastStore.toasts.find((t) => t.id === id);
  if (!action || !toast || toast.leaving) return;
  actions.delete(id);
  dismissToast(id);
  action.run();
}

/** Keeps a toast on screen while the user is on it (focus or pointer), so its button is not taken away mid-reach. */
export function holdToast(id: string): void {
  const toast = toastStore.toasts.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  clearTimeout(timers.get(id));
}

/** Starts a held toast's time again, in full. */
export function releaseToast(id: string): void {
  const toast = toastStore.toasts.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(() => dismissToast(id), durations.get(id) ?? TOAST_LIFETIME_MS));
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
  actions.delete(id);
  durations.delete(id);
  toastStore.toasts = toastStore.toasts.filter((t) => t.id !== id);
}

/** Removes every toast (client-state reset). */
export function resetToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  actions.clear();
  durations.clear();
  toastStore.toasts = [];
}

import { useSnapshot } from 'valtio';
import { dismissToast, holdToast, releaseToast, runToastAction, toastStore, type Toast } from '@state/toasts';
import { CloseIcon } from './icons';

const typeLabel: Record<Toast['type'], string> = { success: 'Success', error: 'Error', warning: 'Warning' };

/**
 * The toast list: a polite live region, newest first, each with its action (Undo) when it has one, a Dismiss button
 * and a 500 ms leave animation. A toast the pointer or the keyboard is on stays until it is left.
 */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <section className="toasts" aria-label="Notifications">
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <li
            key={toast.id}
            className={`toast toast--${toast.type}`}
            data-leaving={toast.leaving ? 'true' : undefined}
            onFocus={() => holdToast(toast.id)}
            onBlur={() => releaseToast(toast.id)}
            onMouseEnter={() => holdToast(toast.id)}
            onMouseLeave={() => releaseToast(toast.id)}
          >
            <span className="ui-visually-hidden">{typeLabel[toast.type]}: </span>
            <p className="toast__message">{toast.message}</p>
            {toast.actionLabel ? (
              <button type="button" className="toast__action" onClick={() => runToastAction(toast.id)}>
                {toast.actionLabel}
              </button>
            ) : null}
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
              <CloseIcon />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { useSnapshot } from 'valtio';
import { dismissToast, toastStore, type Toast } from '@state/toasts';
import { CloseIcon } from './icons';

const typeLabel: Record<Toast['type'], string> = { success: 'Success', error: 'Error', warning: 'Warning' };

/** The toast list: a polite live region, newest first, each with a Dismiss button and a 500 ms leave animation. */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <section className="toasts" aria-label="Notifications">
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast--${toast.type}`} data-leaving={toast.leaving ? 'true' : undefined}>
            <span className="ui-visually-hidden">{typeLabel[toast.type]}: </span>
            <p className="toast__message">{toast.message}</p>
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
              <CloseIcon />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

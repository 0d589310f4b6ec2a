import { useEffect } from 'react';

/** Text of the unsaved-changes warning. */
export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Warns before leaving with unsaved changes: the browser's own prompt on reload or close, and a confirm
 * before following an in-app link (menu, breadcrumbs, pins) while `dirty` is true.
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank' || event.ctrlKey || event.metaKey) return;
      if (!window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}

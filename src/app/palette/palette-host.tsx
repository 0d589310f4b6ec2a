import { useCallback, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { PaletteOpening } from './command-palette';
import { isPaletteShortcut, OPEN_PALETTE_EVENT } from './palette-shortcut';
import './palette.css';

type PaletteComponent = ComponentType<{ opening?: () => PaletteOpening | null; onOpened?: () => void }>;

let loading: Promise<PaletteComponent> | undefined;

/** Loads the palette's code once (cmdk, the list, the ranking, the commands); a failed load is tried again next time. */
export function loadCommandPalette(): Promise<PaletteComponent> {
  loading ??= import('./command-palette').then(
    (m) => m.CommandPalette,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

/**
 * The Ctrl+K palette's place in the shell. Its code is not part of the first load: it loads when the browser is
 * first idle, or on the first Ctrl+K. A Ctrl+K before it has loaded opens a stand-in with the palette's look and
 * a text field at once; what is typed there meanwhile becomes the palette's query when it arrives. The stand-in
 * stays, with the focus, until the palette shows its own input, so no keystroke is lost in between.
 */
export function PaletteHost() {
  const [Palette, setPalette] = useState<PaletteComponent | null>(null);
  /** A Ctrl+K came before the code: the element to give the focus back to. */
  const [waiting, setWaiting] = useState<{ returnFocus: Element | null } | null>(null);
  const [failed, setFailed] = useState(false);
  const typed = useRef('');
  const failedRef = useRef(false);
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;

  // A layout effect: Ctrl+K works from the first paint of the shell, not only once passive effects have run.
  useLayoutEffect(() => {
    if (Palette) return;
    let live = true;
    const load = () =>
      loadCommandPalette().then(
        (component) => live && setPalette(() => component),
        () => {
          failedRef.current = true;
          if (live) setFailed(true);
        },
      );
    const cancelIdle = whenIdle(() => void load());
    /** Ctrl+K toggles the stand-in, as it toggles the palette; the top bar's search field only opens it. */
    const show = (toggle: boolean) => {
      const active = document.activeElement;
      // After a failed load, Ctrl+K tries again instead of closing.
      const retry = failedRef.current;
      failedRef.current = false;
      setFailed(false);
      setWaiting((current) => (current && toggle && !retry ? null : (current ?? { returnFocus: active })));
      if (!retry && !waitingRef.current) typed.current = '';
      void load();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
      show(true);
    };
    const onRequest = () => show(false);
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener(OPEN_PALETTE_EVENT, onRequest);
    return () => {
      live = false;
      cancelIdle();
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener(OPEN_PALETTE_EVENT, onRequest);
    };
  }, [Palette]);

  const opening = useCallback((): PaletteOpening | null => {
    const current = waitingRef.current;
    return current ? { query: typed.current, returnFocus: current.returnFocus } : null;
  }, []);
  const onOpened = useCallback(() => setWaiting(null), []);

  return (
    <>
      {Palette && <Palette opening={waiting ? opening : undefined} onOpened={onOpened} />}
      {waiting && (
        <StandIn
          failed={failed}
          onText={(text) => (typed.current = text)}
          onClose={() => {
            typed.current = '';
            waitingRef.current = null;
            setWaiting(null);
            if (waiting.returnFocus instanceof HTMLElement && waiting.returnFocus.isConnected) waiting.returnFocus.focus();
          }}
        />
      )}
    </>
  );
}

/** The palette's frame while its code loads: the search field takes the typing; Escape or a click outside closes. */
function StandIn({ failed, onText, onClose }: { failed: boolean; onText(text: string): void; onClose(): void }) {
  return (
    <div className="palette-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Command palette" className="palette-dialog">
        <div className="palette">
          <div className="palette__search">
            <input
              className="palette__input"
              role="combobox"
              aria-expanded="false"
              aria-autocomplete="list"
              aria-label="Command palette"
              autoComplete="off"
              spellCheck={false}
              placeholder="Search pages, actions, ids and phone numbers…  > actions  # tickets  @ people  / pages"
              autoFocus
              onChange={(e) => onText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Escape') return;
                e.preventDefault();
                e.stopPropagation();
                // As in the palette: Escape clears the text first, then closes.
                if (e.currentTarget.value === '') onClose();
                else {
                  e.currentTarget.value = '';
                  onText('');
                }
              }}
            />
          </div>
          <div className="palette__list">
            <div className="palette__empty" role="status">
              {failed ? 'The palette could not be loaded: press Ctrl+K to try again.' : 'Loading…'}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

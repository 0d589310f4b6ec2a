import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { Command, CommandContext, PaletteScope } from '@commands/command';
import { lookupCommands, lookupQueryOf } from '@commands/lookup-commands';
import { emptyQuerySections, frecencyBoost, localCommands } from '@commands/palette-sources';
import { lookupScopeOf, scopeLabels } from '@commands/prefix';
import { RankIndex } from '@commands/rank';
import { ticketRecordActions } from '@commands/ticket-commands';
import { chargerRecordActions } from '@commands/charger-commands';
import { paletteMachine } from '@machines/palette.machine';
import { keyboardState } from '@state/keyboard-state';
import { menuCollapsedStore, setMenuCollapsed } from '@state/menu-collapsed';
import { paletteFrecencyStore, recordPaletteUse } from '@state/palette-frecency';
import { pinItem, pinsStore, unpinItem } from '@state/pins';
import { recentUrlsStore } from '@state/recent-urls';
import { pushToast } from '@state/toasts';
import { entryLabel, matchMenuEntry } from '../menu-match';
import { useSession } from '../session/session-context';
import { firstItemIndex, MAX_LISTED_ROWS, PaletteList, type RunMode } from './palette-list';
import { joinSegments, section, type RowSegment } from './palette-rows';
import { isPaletteShortcut, OPEN_PALETTE_EVENT } from './palette-shortcut';
import { useLookup } from './use-lookup';
import { usePreparedIndex } from './use-prepared-index';
import './palette.css';

const options = { recordActions: ((ctx, record) => [...ticketRecordActions(ctx, record), ...chargerRecordActions(ctx, record)]) as typeof ticketRecordActions };

/** A Ctrl+K that came while the palette's code was loading: what was typed meanwhile and where the focus was. */
export interface PaletteOpening {
  query: string;
  returnFocus: Element | null;
}

/**
 * The Ctrl+K command palette of the signed-in console: opens from anywhere, even inside a text field.
 * `opening`: it mounts opening (a Ctrl+K came while its code loaded). The machine's actor starts in a passive effect,
 * a moment after the mount, and keys pressed meanwhile still go to the host's stand-in; so the text typed there is
 * taken only in the commit that shows this palette's input (which takes the focus then), and `onOpened` tells the
 * host to remove its stand-in. `opening` answers null when the stand-in was closed meanwhile.
 */
export function CommandPalette({ opening, onOpened }: { opening?: () => PaletteOpening | null; onOpened?: () => void }) {
  const [snapshot, send] = useMachine(paletteMachine);
  const open = snapshot.matches('open');
  const returnFocus = useRef<Element | null>(null);

  const pendingOpening = useRef(opening !== undefined);
  useLayoutEffect(() => {
    // Queued until the actor starts.
    if (pendingOpening.current) send({ type: 'OPEN' });
    // Only on mount: later renders of the host pass a new function for the same opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (!open || !pendingOpening.current) return;
    pendingOpening.current = false;
    const taken = opening?.() ?? null;
    if (!taken) {
      send({ type: 'CLOSE' });
      return;
    }
    returnFocus.current = taken.returnFocus;
    if (taken.query) send({ type: 'TYPE', query: taken.query });
    onOpened?.();
  }, [open, opening, onOpened, send]);

  // A layout effect, as the host's: its Ctrl+K listener is replaced by this one within one commit, with no gap.
  useLayoutEffect(() => {
    const show = () => {
      returnFocus.current = document.activeElement;
      send({ type: 'OPEN' });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
      if (snapshot.matches('closed')) show();
      else send({ type: 'CLOSE' });
    };
    // The top bar's search field: opens, never closes.
    const onRequest = () => snapshot.matches('closed') && show();
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener(OPEN_PALETTE_EVENT, onRequest);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener(OPEN_PALETTE_EVENT, onRequest);
    };
  }, [send, snapshot]);

  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) returnFocus.current.focus();
    wasOpen.current = open;
  }, [open]);

  // The stand-in was closed (Escape gave the focus back) after this palette mounted but before it opened: it must not
  // show even for one commit, or its input would take that focus and the layout effect's CLOSE would leave it nowhere.
  const abandoned = open && pendingOpening.current && (opening?.() ?? null) === null;
  if (!open || abandoned) return null;
  return (
    <div className="palette-overlay" onMouseDown={(e) => e.target === e.currentTarget && send({ type: 'CLOSE' })}>
      <div role="dialog" aria-modal="true" aria-label="Command palette" className="palette-dialog">
        <OpenPalette
          query={snapshot.context.query}
          scope={snapshot.context.scope}
          page={snapshot.context.pages.at(-1)}
          send={send}
        />
      </div>
    </div>
  );
}

interface OpenPaletteProps {
  query: string;
  scope: PaletteScope | null;
  page: { id: string; title: string } | undefined;
  send: ReturnType<typeof useMachine<typeof paletteMachine>>[1];
}

function useCommandContext(): CommandContext {
  const { user, signOut } = useSession();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { items: pins } = useSnapshot(pinsStore);
  const { urls } = useSnapshot(recentUrlsStore);
  const { value: collapsed } = useSnapshot(menuCollapsedStore);
  const permissions = useMemo(() => new Set(user.permissions), [user.permissions]);
  return useMemo(() => {
    const location = search ? `${path}?${search}` : path;
    const entry = matchMenuEntry(path);
    return {
      permissions,
      location,
      origin: window.location.origin,
      pageTitle: entry && entry.path === path ? entryLabel(entry) : document.title,
      pins,
      recentUrls: urls,
      menuCollapsed: collapsed,
      // A link into the page on screen (`…#ticket-action-assign`) only moves the fragment, so the page hears it; to the
      // fragment already there (the action chosen again), the page is told it as if it had moved.
      navigate: (to) => {
        const [toPath, hash] = to.split('#');
        if (hash && toPath === path) {
          if (window.location.hash.slice(1) === hash) window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: window.location.href, newURL: window.location.href }));
          else window.location.hash = hash;
        } else navigate(to);
      },
      openInNewTab: (to) => void window.open(to, '_blank', 'noopener'),
      copyText: (text) => {
        navigator.clipboard
          .writeText(text)
          .then(() => pushToast('Link copied'))
          .catch(() => pushToast('Could not copy the link', 'error'));
      },
      pin: pinItem,
      unpin: unpinItem,
      setMenuCollapsed,
      signOut,
      openHelp: () => {
        keyboardState.helpOpen = true;
      },
    } satisfies CommandContext;
  }, [permissions, path, search, pins, urls, collapsed, navigate, signOut]);
}

/** Numbers the frecency snapshots the palette has ranked with (1, 2, …), one per distinct snapshot. */
const frecencyGeneration = {
  last: undefined as unknown,
  count: 0,
  next(entries: unknown): number {
    if (entries !== this.last) {
      this.last = entries;
      this.count += 1;
    }
    return this.count;
  },
};

function OpenPalette({ query, scope, page, send }: OpenPaletteProps) {
  const ctx = useCommandContext();
  const { entries: frecency } = useSnapshot(paletteFrecencyStore);
  const [now] = useState(() => Date.now());
  const pageCommands = useRef(new Map<string, Command[]>());

  const local = useMemo(() => (page ? (pageCommands.current.get(page.id) ?? []) : localCommands(ctx, scope, options)), [ctx, scope, page]);
  const index = useMemo(() => new RankIndex(local), [local]);
  usePreparedIndex(index);
  // A new number exactly when the frecency entries change: the ranking must not narrow from results ranked with old boosts.
  const boostVersion = useMemo(() => frecencyGeneration.next(frecency), [frecency]);

  const lookupText = page ? undefined : lookupQueryOf(query);
  const lookup = useLookup(lookupText, lookupText ? lookupScopeOf(scope) : undefined);

  const rows = useMemo(() => {
    const segments: RowSegment[] = [];
    if (query.trim() === '' && !page) {
      emptyQuerySections(ctx, scope, frecency as never, now, options).forEach((s, i) => segments.push(section(s.title, s.commands, `s${i}:`)));
    } else {
      const found = lookupCommands(lookup.groups, options.recordActions);
      found.filter((g) => g.exact).forEach((g) => segments.push(section(g.title, g.commands, `l:${g.kind}:`)));
      const result = index.search(query, (i) => frecencyBoost(frecency as never, local[i]!.id, now), boostVersion, MAX_LISTED_ROWS);
      if (result.count > 0) {
        if (found.length > 0 || lookup.loading) segments.push(section(page ? page.title : 'Pages and actions', [], 'local:'));
        segments.push({ kind: 'ranked', result, commands: local });
      }
      found.filter((g) => !g.exact).forEach((g) => segments.push(section(g.title, g.commands, `l:${g.kind}:`)));
      if (lookup.loading) segments.push({ kind: 'fixed', rows: [{ type: 'loading', key: 'loading', label: 'Looking up records…' }], commands: [undefined] });
    }
    return joinSegments(segments);
  }, [query, page, ctx, scope, frecency, now, lookup, index, local, boostVersion]);

  const [selection, setSelection] = useState<{ rows: unknown; index: number }>({ rows: undefined, index: -1 });
  const active = selection.rows === rows ? selection.index : firstItemIndex(rows);
  const resultCount = useMemo(() => {
    let n = 0;
    for (let i = 0; i < rows.count && n < 100_000; i++) if (rows.commandAt(i)) n++;
    return n;
  }, [rows]);

  const run = (i: number, mode: RunMode) => {
    const command = rows.commandAt(i);
    if (!command) return;
    if (mode === 'new-tab') {
      if (command.href) ctx.openInNewTab(command.href);
      return;
    }
    recordPaletteUse(command.id);
    send({ type: 'CLOSE' });
    command.run(ctx);
  };

  const chip = page ? page.title : scope ? scopeLabels[scope] : undefined;
  return (
    <PaletteList
      label="Command palette"
      query={query}
      onQueryChange={(text) => send({ type: 'TYPE', query: text })}
      rows={rows}
      active={active}
      onActiveChange={(i) => setSelection({ rows, index: i })}
      onRun={run}
      onCopy={(i) => {
        const href = rows.commandAt(i)?.href;
        if (href) ctx.copyText(`${ctx.origin}${href}`);
      }}
      onOpenPage={(i) => {
        const command = rows.commandAt(i);
        if (!command?.children) return;
        pageCommands.current.set(command.id, command.children(ctx));
        send({ type: 'PUSH_PAGE', page: { id: command.id, title: command.title } });
      }}
      onBack={() => send({ type: 'BACK' })}
      onEscape={() => send({ type: 'ESCAPE' })}
      resultCount={resultCount}
      chip={
        chip ? (
          <span className="palette__chip" data-testid="palette-chip" data-kind={page ? 'page' : 'scope'}>
            {chip}
            {!page && (
              <button type="button" className="palette__chip-remove" aria-label={`Remove the ${chip} scope`} onMouseDown={(e) => e.preventDefault()} onClick={() => send({ type: 'CLEAR_SCOPE' })}>
                ×
              </button>
            )}
          </span>
        ) : undefined
      }
      placeholder={page ? `Actions for ${page.title}` : 'Search pages, actions, ids and phone numbers…  > actions  # tickets  @ people  / pages'}
      emptyText={lookupText && lookup.loading ? 'Looking up records…' : 'No results'}
    />
  );
}

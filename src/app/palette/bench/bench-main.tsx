// The palette benchmark page (bench.html): our palette or cmdk's default filtering over generated local entries,
// with keystroke-to-paint samples for scripts/bench-palette.ts. Needs no API server.
import { StrictMode, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Command } from 'cmdk';
import type { Command as PaletteCommand } from '@commands/command';
import { RankIndex } from '@commands/rank';
import { firstItemIndex, MAX_LISTED_ROWS, PaletteList } from '../palette-list';
import { joinSegments } from '../palette-rows';
import { usePreparedIndex } from '../use-prepared-index';
import { benchEntries } from './bench-entries';
import '../palette.css';

declare global {
  interface Window {
    __samples: number[];
    __ready: boolean;
    __commits: number[];
    __ranks: number[];
    __lastKey: number;
    /** Mount: render() called → first commit painted (ms). */
    __mount: number;
    /** Resolves once more than `count` keystroke samples are in (the benchmark waits on it instead of polling). */
    __sampled: (count: number) => Promise<void>;
  }
}

const params = new URLSearchParams(window.location.search);
const count = Number(params.get('n') ?? 1000);
const mode = params.get('mode') === 'cmdk' ? 'cmdk' : 'ours';
const entries = benchEntries(count);
window.__samples = [];
window.__commits = [];
window.__ranks = [];
window.__lastKey = 0;
window.__ready = false;

const waiters: { count: number; resolve: () => void }[] = [];
window.__sampled = (count) =>
  new Promise((resolve) => {
    if (window.__samples.length > count) resolve();
    else waiters.push({ count, resolve });
  });

// keydown → the frame after React's commit has painted.
document.addEventListener(
  'keydown',
  () => {
    const start = performance.now();
    window.__lastKey = start;
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__samples.push(performance.now() - start);
        for (let k = waiters.length - 1; k >= 0; k--)
          if (window.__samples.length > waiters[k]!.count) {
            waiters[k]!.resolve();
            waiters.splice(k, 1);
          }
      }, 0),
    );
  },
  true,
);

const commands: PaletteCommand[] = entries.map((e, i) => ({ id: `e${i}`, title: e.title, group: e.group, keywords: e.keywords, kind: 'page', run: () => undefined }));

function OurPalette() {
  const index = useMemo(() => new RankIndex(commands), []);
  usePreparedIndex(index);
  const [query, setQuery] = useState('');
  const rows = useMemo(() => {
    const start = performance.now();
    const result = index.search(query, undefined, 0, MAX_LISTED_ROWS);
    window.__ranks.push(performance.now() - start);
    return joinSegments([{ kind: 'ranked', result, commands }]);
  }, [index, query]);
  const [selection, setSelection] = useState<{ rows: unknown; index: number }>({ rows: undefined, index: -1 });
  const active = selection.rows === rows ? selection.index : firstItemIndex(rows);
  useLayoutEffect(() => {
    if (window.__lastKey) window.__commits.push(performance.now() - window.__lastKey);
  }, [rows]);
  return (
    <PaletteList
      label="Command palette"
      query={query}
      onQueryChange={setQuery}
      rows={rows}
      active={active}
      onActiveChange={(i) => setSelection({ rows, index: i })}
      onRun={() => undefined}
      onEscape={() => undefined}
      resultCount={rows.count}
    />
  );
}

function CmdkDefault() {
  return (
    <Command label="Command palette" className="palette">
      <Command.Input className="palette__input" autoFocus />
      <Command.List className="palette__list">
        {commands.map((c) => (
          <Command.Item key={c.id} value={`${c.title} ${c.id}`} keywords={[c.group, ...(c.keywords ?? [])]} className="palette__item">
            <span className="palette__title">{c.title}</span>
            <span className="palette__group">{c.group}</span>
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  );
}

/** Marks the page ready in the frame after the first commit has painted, with the mount time. */
function Painted({ start, children }: { start: number; children: ReactNode }) {
  useLayoutEffect(() => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__mount = performance.now() - start;
        window.__ready = true;
      }, 0),
    );
  }, [start]);
  return children;
}

// Mount is timed from here (the entries above are the benchmark's input, made before): the palette's own work.
const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Painted start={start}>
      <div className="palette-dialog" style={{ margin: '40px auto' }}>{mode === 'cmdk' ? <CmdkDefault /> : <OurPalette />}</div>
    </Painted>
  </StrictMode>,
);

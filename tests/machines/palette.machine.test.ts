import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MAX_PALETTE_PAGES, paletteMachine, type PaletteContext, type PaletteEvent } from '@machines/palette.machine';
import { describeEverySimplePath } from './support/walk-paths';

/** One sample of every event (two of TYPE: a prefix and plain text). */
const paletteEvents: PaletteEvent[] = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'TYPE', query: '#' },
  { type: 'TYPE', query: 'ab' },
  { type: 'SET_SCOPE', scope: 'actions' },
  { type: 'CLEAR_SCOPE' },
  { type: 'PUSH_PAGE', page: { id: 'charger:1', title: 'CZ-0001' } },
  { type: 'BACK' },
  { type: 'ESCAPE' },
];

describeEverySimplePath({
  machine: paletteMachine,
  events: paletteEvents as never,
  // The typed text would make the graph unbounded: a node is the state plus what of the context steers the guards
  // (scope set, page depth, input empty). Arrivals at `closed` (by CLOSE or ESCAPE) and Backspace back to the root
  // are nodes of their own, so the walk also takes the events that lead back.
  serializeState: (snapshot, event) => {
    const { scope, pages, query } = snapshot.context as PaletteContext;
    const value = JSON.stringify(snapshot.value);
    const arrival = (value === '"closed"' && event?.type !== 'xstate.init') || (event?.type === 'BACK' && value === '{"open":"root"}') ? event?.type : '';
    return `${value} ${scope ? 'scoped' : '-'} ${pages.length} ${query === '' ? 'empty' : 'text'} ${arrival}`;
  },
  invariant: (state, snapshot) => {
    const context = snapshot.context as PaletteContext;
    if (state === 'closed') expect(context).toEqual({ query: '', scope: null, pages: [] });
    if (state === 'open.root') expect(context.scope).toBeNull();
    if (state === 'open.scoped') expect(context.scope).not.toBeNull();
    if (state === 'open.nested') expect(context.pages.length).toBeGreaterThan(0);
    else expect(context.pages).toEqual([]);
    expect(context.pages.length).toBeLessThanOrEqual(MAX_PALETTE_PAGES);
  },
});

function run(...events: PaletteEvent[]) {
  const actor = createActor(paletteMachine).start();
  for (const event of events) actor.send(event);
  return actor.getSnapshot();
}

describe('palette machine', () => {
  it('turns a typed prefix into a scope and keeps the rest as the query', () => {
    const snap = run({ type: 'OPEN' }, { type: 'TYPE', query: '@ 98450' });
    expect(snap.value).toEqual({ open: 'scoped' });
    expect(snap.context).toMatchObject({ scope: 'people', query: '98450' });
  });

  it('treats a prefix character inside a query as text', () => {
    const snap = run({ type: 'OPEN' }, { type: 'TYPE', query: 'a' }, { type: 'TYPE', query: 'a#' });
    expect(snap.value).toEqual({ open: 'root' });
    expect(snap.context.query).toBe('a#');
  });

  it('Backspace on an empty input removes the scope; with text it does nothing', () => {
    expect(run({ type: 'OPEN' }, { type: 'TYPE', query: '>x' }, { type: 'BACK' }).value).toEqual({ open: 'scoped' });
    expect(run({ type: 'OPEN' }, { type: 'TYPE', query: '>' }, { type: 'BACK' }).value).toEqual({ open: 'root' });
  });

  it('Escape goes back one page, then to the scope, then to the root, then closes', () => {
    const page = { id: 'p', title: 'P' };
    const actor = createActor(paletteMachine).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'TYPE', query: '#' });
    actor.send({ type: 'PUSH_PAGE', page });
    actor.send({ type: 'PUSH_PAGE', page: { id: 'q', title: 'Q' } });
    const seen: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      actor.send({ type: 'ESCAPE' });
      seen.push(actor.getSnapshot().value);
    }
    expect(seen).toEqual([{ open: 'nested' }, { open: 'scoped' }, { open: 'root' }, 'closed']);
  });

  it('stacks at most MAX_PALETTE_PAGES pages', () => {
    const page = { id: 'p', title: 'P' };
    const pushes = Array.from({ length: MAX_PALETTE_PAGES + 2 }, () => ({ type: 'PUSH_PAGE' as const, page }));
    expect(run({ type: 'OPEN' }, ...pushes).context.pages).toHaveLength(MAX_PALETTE_PAGES);
  });

  it('Escape with text at the root clears it before closing', () => {
    const snap = run({ type: 'OPEN' }, { type: 'TYPE', query: 'abc' }, { type: 'ESCAPE' });
    expect(snap.value).toEqual({ open: 'root' });
    expect(snap.context.query).toBe('');
  });
});

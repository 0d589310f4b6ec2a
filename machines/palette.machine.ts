import { and, assign, setup } from 'xstate';

/** What a palette prefix narrows the search to (mirrors commands/command.ts PaletteScope). */
export type PaletteMachineScope = 'actions' | 'tickets' | 'people' | 'pages';

/** A nested page of the palette (an entity's actions). */
export interface PalettePage {
  id: string;
  title: string;
}

/** At most this many nested pages are stacked. */
export const MAX_PALETTE_PAGES = 2;

const prefixScopes: Readonly<Record<string, PaletteMachineScope>> = { '>': 'actions', '#': 'tickets', '@': 'people', '/': 'pages' };

/** The palette's context: the typed text, the active scope and the stack of nested pages. */
export interface PaletteContext {
  query: string;
  scope: PaletteMachineScope | null;
  pages: PalettePage[];
}

/** Events of the palette. TYPE carries the whole input text; BACK is Backspace on an empty input. */
export type PaletteEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TYPE'; query: string }
  | { type: 'SET_SCOPE'; scope: PaletteMachineScope }
  | { type: 'CLEAR_SCOPE' }
  | { type: 'PUSH_PAGE'; page: PalettePage }
  | { type: 'BACK' }
  | { type: 'ESCAPE' };

const empty = (): PaletteContext => ({ query: '', scope: null, pages: [] });

/**
 * The Ctrl+K palette: closed, or open at the root, in a scope (a prefix typed or chosen) or on a nested page.
 * Escape and Backspace on an empty input go back one level; Escape at the root closes.
 */
export const paletteMachine = setup({
  types: { context: {} as PaletteContext, events: {} as PaletteEvent },
  guards: {
    typedPrefix: ({ event }) => event.type === 'TYPE' && prefixScopes[event.query.charAt(0)] !== undefined,
    queryEmpty: ({ context }) => context.query === '',
    hasScope: ({ context }) => context.scope !== null,
    morePagesBelow: ({ context }) => context.pages.length > 1,
    roomForPage: ({ context }) => context.pages.length < MAX_PALETTE_PAGES,
  },
  actions: {
    reset: assign(() => empty()),
    setQuery: assign({ query: ({ event }) => (event.type === 'TYPE' ? event.query : '') }),
    scopeFromPrefix: assign(({ event }) => {
      const text = event.type === 'TYPE' ? event.query : '';
      return { scope: prefixScopes[text.charAt(0)] ?? null, query: text.slice(1).trimStart() };
    }),
    setScope: assign({ scope: ({ event }) => (event.type === 'SET_SCOPE' ? event.scope : null), query: '' }),
    clearScope: assign({ scope: null }),
    pushPage: assign({ pages: ({ context, event }) => (event.type === 'PUSH_PAGE' ? [...context.pages, event.page] : context.pages), query: '' }),
    popPage: assign({ pages: ({ context }) => context.pages.slice(0, -1), query: '' }),
    clearQuery: assign({ query: '' }),
  },
}).createMachine({
  id: 'palette',
  initial: 'closed',
  context: empty,
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'reset' } },
    },
    open: {
      initial: 'root',
      on: { CLOSE: { target: 'closed', actions: 'reset' } },
      states: {
        root: {
          on: {
            TYPE: [{ guard: 'typedPrefix', target: 'scoped', actions: 'scopeFromPrefix' }, { actions: 'setQuery' }],
            SET_SCOPE: { target: 'scoped', actions: 'setScope' },
            PUSH_PAGE: { guard: 'roomForPage', target: 'nested', actions: 'pushPage' },
            ESCAPE: [{ guard: 'queryEmpty', target: '#palette.closed', actions: 'reset' }, { actions: 'clearQuery' }],
          },
        },
        scoped: {
          on: {
            TYPE: { actions: 'setQuery' },
            SET_SCOPE: { actions: 'setScope' },
            CLEAR_SCOPE: { target: 'root', actions: 'clearScope' },
            BACK: { guard: 'queryEmpty', target: 'root', actions: 'clearScope' },
            ESCAPE: { target: 'root', actions: ['clearScope', 'clearQuery'] },
            PUSH_PAGE: { guard: 'roomForPage', target: 'nested', actions: 'pushPage' },
          },
        },
        nested: {
          on: {
            TYPE: { actions: 'setQuery' },
            PUSH_PAGE: { guard: 'roomForPage', actions: 'pushPage' },
            BACK: [
              { guard: and(['queryEmpty', 'morePagesBelow']), actions: 'popPage' },
              { guard: and(['queryEmpty', 'hasScope']), target: 'scoped', actions: 'popPage' },
              { guard: 'queryEmpty', target: 'root', actions: 'popPage' },
            ],
            ESCAPE: [
              { guard: 'morePagesBelow', actions: 'popPage' },
              { guard: 'hasScope', target: 'scoped', actions: 'popPage' },
              { target: 'root', actions: 'popPage' },
            ],
          },
        },
      },
    },
  },
});

import type { PaletteScope } from './command';

/** The prefix characters of the palette and the scope each one opens. */
export const scopePrefixes: Readonly<Record<string, PaletteScope>> = { '>': 'actions', '#': 'tickets', '@': 'people', '/': 'pages' };

/** The chip label of each scope. */
export const scopeLabels: Readonly<Record<PaletteScope, string>> = { actions: 'Actions', tickets: 'Tickets', people: 'Users and hosts', pages: 'Pages' };

/** The scope a typed text opens (its first character is a prefix) and the rest of the text; undefined: no prefix. */
export function parseScopePrefix(text: string): { scope: PaletteScope; rest: string } | undefined {
  const scope = scopePrefixes[text.charAt(0)];
  return scope ? { scope, rest: text.slice(1).trimStart() } : undefined;
}

/** The server lookup scope of a palette scope; undefined when the scope looks up no records. */
export function lookupScopeOf(scope: PaletteScope | null): 'all' | 'tickets' | 'people' | undefined {
  if (scope === null) return 'all';
  if (scope === 'tickets' || scope === 'people') return scope;
  return undefined;
}

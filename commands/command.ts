import type { PinnedItem } from '@domain/pinned-item';
import type { Permission } from '@domain/permissions';

/** What a palette prefix narrows the search to: `>` actions, `#` tickets, `@` users and hosts, `/` pages. */
export type PaletteScope = 'actions' | 'tickets' | 'people' | 'pages';

/** What a command is: a page to open, an action, a pin, a recent URL or a record found by a lookup. */
export type CommandKind = 'page' | 'action' | 'pin' | 'recent' | 'record';

/**
 * Everything a command may read or do, as plain data and functions (no React, no DOM): the palette host builds
 * it from the session, the router and the stores; tests build it from fakes.
 */
export interface CommandContext {
  /** The signed-in user's permissions. */
  permissions: ReadonlySet<string>;
  /** The current URL inside the console (path and search). */
  location: string;
  /** The console's origin, for absolute links ("https://ops.example.com"). */
  origin: string;
  /** Title of the page on screen (its menu entry's label, or the document title). */
  pageTitle: string;
  pins: readonly PinnedItem[];
  /** Recent URLs, newest first. */
  recentUrls: readonly string[];
  menuCollapsed: boolean;
  navigate(path: string): void;
  openInNewTab(path: string): void;
  copyText(text: string): void;
  pin(item: PinnedItem): void;
  unpin(id: string): void;
  setMenuCollapsed(collapsed: boolean): void;
  signOut(): void;
  openHelp(): void;
}

/** A palette command: a config object, pure, run with a context. */
export interface Command {
  /** Stable id (frecency and pins use it). */
  id: string;
  title: string;
  /** Second line (a record's detail, a URL). */
  subtitle?: string;
  /** Shown as context beside the title and matched by the ranking (e.g. the menu group). */
  group: string;
  /** Extra words that find it ("stations" finds chargers). */
  keywords?: readonly string[];
  /** Keyboard shortcut shown beside it (e.g. "Ctrl K", "G then P"). */
  shortcut?: string;
  /** Permission needed to see and run it; none: everyone. */
  permission?: Permission;
  kind: CommandKind;
  /** The console path it opens, if it opens one (Ctrl+Enter opens it in a new tab, Ctrl+C copies its link). */
  href?: string;
  /** Whether it applies in this context (default always). */
  when?(ctx: CommandContext): boolean;
  /** Does the command. */
  run(ctx: CommandContext): void;
  /** Commands of its nested page (an entity's actions); when present, choosing it opens the page. */
  children?(ctx: CommandContext): Command[];
}

/** Commands the context may see: permitted and applicable. */
export function availableCommands(commands: readonly Command[], ctx: CommandContext): Command[] {
  return commands.filter((c) => (!c.permission || ctx.permissions.has(c.permission)) && (!c.when || c.when(ctx)));
}

/** A command that opens a console path. */
export function openPathCommand(base: Omit<Command, 'run' | 'href'> & { href: string }): Command {
  return { ...base, run: (ctx) => ctx.navigate(base.href) };
}

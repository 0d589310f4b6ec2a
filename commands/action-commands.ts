import { resources } from '@domain/resource/registry';
import type { Resource } from '@domain/resource/define-resource';
import type { Command, CommandContext } from './command';

/** The id a pin of the page on screen gets (pins of menu entries keep their entry id). */
export function pinIdFor(location: string): string {
  return `url:${location}`;
}

/** Whether the page on screen is pinned (by its menu entry's redirect or its own URL). */
export function isCurrentPagePinned(ctx: CommandContext): boolean {
  return ctx.pins.some((pin) => pin.redirect === ctx.location || pin.id === pinIdFor(ctx.location));
}

/** "Create X" for every resource with an add form whose create permission the user holds. */
export function createCommands(list: readonly Resource[] = resources): Command[] {
  return list
    .filter((r) => r.createPath && r.permissions.create)
    .map((r) => ({
      id: `create:${r.name}`,
      title: `Create ${r.title.toLowerCase()}`,
      group: 'Actions',
      keywords: ['new', 'add', r.plural.toLowerCase()],
      permission: r.permissions.create!,
      kind: 'action' as const,
      href: r.createPath!,
      run: (ctx: CommandContext) => ctx.navigate(r.createPath!),
    }));
}

/** The actions that do not depend on a record: pin, menu, link, help, sign out. */
export const shellActions: readonly Command[] = [
  {
    id: 'action:pin-page',
    title: 'Pin this page',
    group: 'Actions',
    keywords: ['favourite', 'bookmark'],
    kind: 'action',
    when: (ctx) => ctx.location !== '/' && !isCurrentPagePinned(ctx),
    run: (ctx) => ctx.pin({ id: pinIdFor(ctx.location), title: ctx.pageTitle || ctx.location, redirect: ctx.location }),
  },
  {
    id: 'action:unpin-page',
    title: 'Unpin this page',
    group: 'Actions',
    keywords: ['remove pin', 'favourite'],
    kind: 'action',
    when: (ctx) => isCurrentPagePinned(ctx),
    run: (ctx) => {
      for (const pin of ctx.pins) if (pin.redirect === ctx.location || pin.id === pinIdFor(ctx.location)) ctx.unpin(pin.id);
    },
  },
  {
    id: 'action:collapse-menu',
    title: 'Collapse the menu',
    group: 'Actions',
    keywords: ['sidebar', 'hide'],
    kind: 'action',
    when: (ctx) => !ctx.menuCollapsed,
    run: (ctx) => ctx.setMenuCollapsed(true),
  },
  {
    id: 'action:expand-menu',
    title: 'Expand the menu',
    group: 'Actions',
    keywords: ['sidebar', 'show'],
    kind: 'action',
    when: (ctx) => ctx.menuCollapsed,
    run: (ctx) => ctx.setMenuCollapsed(false),
  },
  {
    id: 'action:copy-link',
    title: "Copy this page's link",
    group: 'Actions',
    keywords: ['url', 'share'],
    kind: 'action',
    run: (ctx) => ctx.copyText(`${ctx.origin}${ctx.location}`),
  },
  {
    id: 'action:help',
    title: 'Keyboard shortcuts',
    group: 'Help',
    keywords: ['help', 'keys', 'hotkeys'],
    shortcut: '?',
    kind: 'action',
    run: (ctx) => ctx.openHelp(),
  },
  {
    id: 'action:sign-out',
    title: 'Sign out',
    group: 'Account',
    keywords: ['logout', 'log out', 'exit'],
    kind: 'action',
    run: (ctx) => ctx.signOut(),
  },
];

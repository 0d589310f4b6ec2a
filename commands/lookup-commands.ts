import type { LookupGroup, LookupItem } from '@domain/lookup';
import { normaliseIndianMobile } from '@domain/phone';
import type { Command, CommandContext } from './command';
import { recordAt, recordCommands, type RecordActionSource } from './record-commands';

/** Shortest text worth sending to the server lookup. */
export const LOOKUP_MIN_LENGTH = 3;

/**
 * The text to send to the server lookup: a phone typed in any common form (+91 98450 22222, 098450-22222) becomes
 * its 10 digits, anything else is trimmed; undefined when too short or when it cannot be an id, number or phone.
 */
export function lookupQueryOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length < LOOKUP_MIN_LENGTH || trimmed.length > 100) return undefined;
  const phone = normaliseIndianMobile(trimmed);
  if (phone) return phone;
  // Ids and numbers have a digit; plain words are menu searches, not record lookups.
  if (!/\d/.test(trimmed)) return undefined;
  return trimmed.replace(/\s+/g, ' ');
}

/** Exact matches above prefix matches, each group keeping the server's order otherwise. */
export function sortLookupItems(items: readonly LookupItem[]): LookupItem[] {
  return [...items.filter((i) => i.match === 'exact'), ...items.filter((i) => i.match !== 'exact')];
}

/** The nested page of a found record: open, open in a new tab, copy link, pin, and its record actions. */
export function recordPageCommands(ctx: CommandContext, item: Pick<LookupItem, 'id' | 'title' | 'path'>, extra?: RecordActionSource): Command[] {
  const base = `lookup:${item.path}`;
  const record = recordAt(item.path);
  return [
    { id: `${base}:open`, title: `Open ${item.title}`, group: 'Record', kind: 'action', href: item.path, run: (c) => c.navigate(item.path) },
    { id: `${base}:new-tab`, title: 'Open in a new tab', group: 'Record', kind: 'action', shortcut: 'Ctrl Enter', href: item.path, run: (c) => c.openInNewTab(item.path) },
    { id: `${base}:copy`, title: 'Copy its link', group: 'Record', kind: 'action', shortcut: 'Ctrl C', run: (c) => c.copyText(`${c.origin}${item.path}`) },
    ...(ctx.pins.some((p) => p.redirect === item.path)
      ? []
      : [{ id: `${base}:pin`, title: 'Pin it', group: 'Record', kind: 'action' as const, run: (c: CommandContext) => c.pin({ id: `url:${item.path}`, title: item.title, redirect: item.path }) }]),
    ...(record ? recordCommands(ctx, record, extra) : []),
  ];
}

/** Lookup groups as commands (Enter opens the record; its actions are a nested page). */
export function lookupCommands(groups: readonly LookupGroup[], extra?: RecordActionSource): { title: string; kind: LookupGroup['kind']; exact: boolean; commands: Command[] }[] {
  return groups.map((group) => {
    const items = sortLookupItems(group.items);
    return {
      title: group.title,
      kind: group.kind,
      exact: items.some((i) => i.match === 'exact'),
      commands: items.map((item) => ({
        id: `lookup:${group.kind}:${item.id}`,
        title: item.title,
        ...(item.subtitle ? { subtitle: item.subtitle } : {}),
        group: group.title,
        kind: 'record' as const,
        href: item.path,
        run: (c: CommandContext) => c.navigate(item.path),
        children: (c: CommandContext) => recordPageCommands(c, item, extra),
      })),
    };
  });
}

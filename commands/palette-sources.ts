import { matchMenuEntryPath } from './menu-path';
import { createCommands, shellActions } from './action-commands';
import { chargerActions } from './charger-commands';
import { firmwareCampaignActions } from './firmware-campaign-commands';
import { availableCommands, type Command, type CommandContext, type PaletteScope } from './command';
import { frecencyScore, topByFrecency, type FrecencyRecord } from './frecency';
import { menuCommands, otherListCommands } from './menu-commands';
import { pinCommands, recentCommands } from './place-commands';
import { contextCommands, type RecordActionSource } from './record-commands';

const allMenuCommands = [...menuCommands(), ...otherListCommands()];
const allCreateCommands = createCommands();

/** The screen a link opens, without its query and fragment. */
const screenOf = (href: string | undefined): string | undefined => href?.split(/[?#]/)[0];

/** Options of localCommands. */
export interface LocalCommandOptions {
  /** Extra actions for the record on screen (ticket workflow actions). */
  recordActions?: RecordActionSource;
}

/** Every local command the context may see, for a scope (null: all): pages, pins, recent, actions. */
export function localCommands(ctx: CommandContext, scope: PaletteScope | null, options: LocalCommandOptions = {}): Command[] {
  const pages = availableCommands(allMenuCommands, ctx);
  const onRecord = contextCommands(ctx, options.recordActions);
  // The record's own action to a screen stands in for the general one to that screen: on a charger, "transfer" finds
  // "Transfer device…" with this charger filled in, never the empty form first.
  const recordScreens = new Set(onRecord.map((c) => screenOf(c.href)).filter(Boolean));
  const general = availableCommands([...allCreateCommands, ...shellActions, ...chargerActions, ...firmwareCampaignActions], ctx).filter((c) => !recordScreens.has(screenOf(c.href)));
  const actions = [...onRecord, ...general];
  if (scope === 'actions') return actions;
  if (scope === 'pages') return [...pinCommands(ctx), ...pages, ...recentCommands(ctx)];
  if (scope === 'tickets' || scope === 'people') return [];
  return [...pinCommands(ctx), ...pages, ...actions, ...recentCommands(ctx)];
}

/** A titled section of the empty-query listing. */
export interface CommandSection {
  title: string;
  commands: Command[];
}

/**
 * What the palette shows before anything is typed: pinned first, then recent and frequently used (by frecency,
 * then the recent URLs), then suggestions for the current page (its record's actions, pin it, create here).
 */
export function emptyQuerySections(ctx: CommandContext, scope: PaletteScope | null, frecency: FrecencyRecord, now: number, options: LocalCommandOptions = {}): CommandSection[] {
  const all = localCommands(ctx, scope, options);
  const byId = new Map(all.map((c) => [c.id, c]));
  const shown = new Set<string>();
  const take = (list: readonly (Command | undefined)[], limit: number): Command[] => {
    const out: Command[] = [];
    for (const c of list) {
      if (!c || shown.has(c.id) || out.length >= limit) continue;
      // A recent URL that is also a pinned or frequent page is shown once.
      if (c.href && [...shown].some((id) => byId.get(id)?.href === c.href)) continue;
      shown.add(c.id);
      out.push(c);
    }
    return out;
  };
  const pinned = take(all.filter((c) => c.kind === 'pin'), 50);
  const frequent = take(topByFrecency(frecency, now, 20).map((id) => byId.get(id)), 6);
  const recent = take(all.filter((c) => c.kind === 'recent'), 10 - frequent.length);
  const here = matchMenuEntryPath(ctx.location);
  const suggestions = take(
    all.filter((c) => c.kind === 'action' && (c.id.startsWith('record:') || c.id === 'action:pin-page' || c.id === 'action:unpin-page' || (here !== undefined && c.id.startsWith('create:') && c.href?.startsWith(here)))),
    8,
  );
  const general = take(all.filter((c) => c.kind === 'action'), 8);
  const sections: CommandSection[] = [
    { title: 'Pinned', commands: pinned },
    { title: 'Recent and frequent', commands: [...frequent, ...recent] },
    { title: 'Suggestions', commands: [...suggestions, ...general] },
  ];
  if (scope === 'pages' || scope === 'actions') sections.push({ title: scope === 'pages' ? 'Pages' : 'Actions', commands: take(all, 500) });
  return sections.filter((s) => s.commands.length > 0);
}

/** The frecency boost of a command for ranking ties (0–2047). */
export function frecencyBoost(frecency: FrecencyRecord, id: string, now: number): number {
  return Math.min(2047, frecencyScore(frecency[id], now));
}

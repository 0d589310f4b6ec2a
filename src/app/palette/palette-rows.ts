import type { Command } from '@commands/command';
import type { RankResult } from '@commands/rank';
import type { PaletteRow, PaletteRows } from './palette-list';

/** A part of the list: fixed rows (headings, loading, a few commands) or a ranked view over many commands. */
export type RowSegment =
  | { kind: 'fixed'; rows: readonly PaletteRow[]; commands: readonly (Command | undefined)[] }
  | { kind: 'ranked'; result: RankResult; commands: readonly Command[] };

/** The palette's rows with the command behind each item row. */
export interface CommandRows extends PaletteRows {
  commandAt(index: number): Command | undefined;
}

/** The row of a command. */
export function commandRow(command: Command, keyPrefix = ''): PaletteRow {
  return {
    type: 'item',
    key: `${keyPrefix}${command.id}`,
    title: command.title,
    ...(command.subtitle ? { subtitle: command.subtitle } : {}),
    group: command.group,
    ...(command.shortcut ? { shortcut: command.shortcut } : {}),
    ...(command.children ? { hasPage: true } : {}),
  };
}

/** A fixed segment: an optional heading, then one row per command. */
export function section(title: string | undefined, commands: readonly Command[], keyPrefix: string): RowSegment {
  const rows: PaletteRow[] = title ? [{ type: 'heading', key: `${keyPrefix}heading`, label: title }] : [];
  return { kind: 'fixed', rows: [...rows, ...commands.map((c) => commandRow(c, keyPrefix))], commands: [...(title ? [undefined] : []), ...commands] };
}

/** Joins segments into one lazily read list. */
export function joinSegments(segments: readonly RowSegment[]): CommandRows {
  const sizes = segments.map((s) => (s.kind === 'fixed' ? s.rows.length : s.result.count));
  const count = sizes.reduce((a, b) => a + b, 0);
  const locate = (index: number): [RowSegment, number] | undefined => {
    let i = index;
    for (let s = 0; s < segments.length; s++) {
      if (i < sizes[s]!) return [segments[s]!, i];
      i -= sizes[s]!;
    }
    return undefined;
  };
  return {
    count,
    at(index) {
      const found = locate(index);
      if (!found) return { type: 'heading', key: `missing-${index}`, label: '' };
      const [segment, i] = found;
      return segment.kind === 'fixed' ? segment.rows[i]! : commandRow(segment.commands[segment.result.order[i]!]!);
    },
    commandAt(index) {
      const found = locate(index);
      if (!found) return undefined;
      const [segment, i] = found;
      return segment.kind === 'fixed' ? segment.commands[i] : segment.commands[segment.result.order[i]!];
    },
  };
}

// What `npm run bench:ocpp -- --campaign` (scripts/bench-ocpp.ts) checks of a firmware campaign once it has run, from
// the database's timestamps and the simulated fleet's counters: each wave started only after every charger of the one
// before was final, every update reached a final state, no FirmwareStatusNotification the chargers wrote to their
// sockets went unrecorded, and no charger of a wave after a pause was sent anything. Pure functions, so they are
// tested apart from the bench (tests/tools/firmware-campaign-checks.test.ts).
import { FIRMWARE_UPDATE_FINAL_STATES } from '@domain/firmware';

/** One wave as the database recorded it. */
export interface WaveRecord {
  /** 1-based. */
  wave: number;
  /** Its size fixed at the start (the campaign's wave_sizes). */
  size: number;
  /** Its member rows. */
  members: number;
  /** Members with an update in a final state (a member with no update is not final). */
  final: number;
  /** When its first and last chargers were claimed (pending → sent): its start, and when its sending ended. */
  firstSent: Date | null;
  lastSent: Date | null;
  /** When its last update became final: its end (null while one is not). */
  lastFinished: Date | null;
}

/** A wave's verdict: whether it started only after the wave before was wholly final. */
export interface WaveVerdict {
  wave: number;
  ok: boolean;
  /** In words, for the bench's output. */
  why: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The waves in order, each judged: its members are its size; a wave that started did so no earlier than the last update
 * of the wave before became final, and only when every charger of that wave was final. A wave not started (no charger
 * claimed) is fine as long as no later wave started.
 */
export function checkWaveOrder(waves: readonly WaveRecord[]): WaveVerdict[] {
  const sorted = [...waves].sort((a, b) => a.wave - b.wave);
  return sorted.map((w, i) => {
    if (w.members !== w.size) return { wave: w.wave, ok: false, why: `${w.members} chargers recorded against a size of ${w.size}` };
    const before = sorted[i - 1];
    if (!w.firstSent) {
      const laterStarted = sorted.slice(i + 1).some((x) => x.firstSent);
      return { wave: w.wave, ok: !laterStarted, why: laterStarted ? 'not started, yet a later wave was' : 'not started' };
    }
    if (!before) return { wave: w.wave, ok: true, why: 'the first wave' };
    if (!before.firstSent) return { wave: w.wave, ok: false, why: `started though wave ${before.wave} never did` };
    if (before.final < before.members || !before.lastFinished) {
      return { wave: w.wave, ok: false, why: `started while ${before.members - before.final} of wave ${before.wave}'s chargers were not final` };
    }
    const gap = w.firstSent.getTime() - before.lastFinished.getTime();
    return gap >= 0
      ? { wave: w.wave, ok: true, why: `started ${seconds(gap)} after wave ${before.wave}'s last charger was final` }
      : { wave: w.wave, ok: false, why: `started ${seconds(-gap)} before wave ${before.wave}'s last charger was final` };
  });
}

const finalStates = new Set<string>(FIRMWARE_UPDATE_FINAL_STATES);

/** The chargers by the final state of their update (`none`: no update recorded), and whether every one is final and they sum to `chargers`. */
export function tallyFinalStates(byState: Readonly<Record<string, number>>, chargers: number): { sum: number; notFinal: number; ok: boolean } {
  let sum = 0;
  let notFinal = 0;
  for (const [state, n] of Object.entries(byState)) {
    sum += n;
    if (!finalStates.has(state)) notFinal += n;
  }
  return { sum, notFinal, ok: sum === chargers && notFinal === 0 };
}

/** Status notifications the chargers wrote against those the server recorded, by status: lost (never negative) and the total lost. */
export function lostStatuses(sent: Readonly<Record<string, number>>, recorded: Readonly<Record<string, number>>): { byStatus: Record<string, { sent: number; recorded: number }>; lost: number; extra: number } {
  const byStatus: Record<string, { sent: number; recorded: number }> = {};
  for (const status of new Set([...Object.keys(sent), ...Object.keys(recorded)])) byStatus[status] = { sent: sent[status] ?? 0, recorded: recorded[status] ?? 0 };
  let lost = 0;
  let extra = 0;
  for (const { sent: s, recorded: r } of Object.values(byStatus)) {
    lost += Math.max(0, s - r);
    extra += Math.max(0, r - s);
  }
  return { byStatus, lost, extra };
}

/**
 * The chargers of a wave after `lastSentWave` (1-based) that received any command between two readings of the fleet:
 * their identities. `waveOf` maps an identity to its wave; chargers outside the campaign are not judged.
 */
export function sentBeyondWave(
  before: Readonly<Record<string, { commands: number }>>,
  after: Readonly<Record<string, { commands: number }>>,
  waveOf: ReadonlyMap<string, number>,
  lastSentWave: number,
): string[] {
  const beyond: string[] = [];
  for (const [identity, wave] of waveOf) {
    if (wave <= lastSentWave) continue;
    if ((after[identity]?.commands ?? 0) > (before[identity]?.commands ?? 0)) beyond.push(identity);
  }
  return beyond;
}

/**
 * Per charger, whether the server's update kept the last status the charger reported for it: the chargers whose
 * update's last status differs from the last FirmwareStatusNotification they wrote (a status lost between them).
 */
export function statusMismatches(lastReported: ReadonlyMap<string, string>, lastRecorded: ReadonlyMap<string, string | null>): string[] {
  return [...lastReported].filter(([identity, status]) => lastRecorded.get(identity) !== status).map(([identity]) => identity);
}

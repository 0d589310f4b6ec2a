import { assign, setup, transition, type SnapshotFrom } from 'xstate';

/**
 * A firmware campaign (server/firmware-campaigns): a draft until staff start it; running one wave at a time; paused by
 * staff, or by itself when a wave's failure rate passes the threshold (the reason kept); completed once the last wave
 * has finished; cancelled from a draft, a running or a paused campaign. The server feeds it the current wave's counts
 * (PROGRESS): the next wave starts only once every update of this one is final and its failures are within the
 * threshold. Failures staff have seen when resuming are accepted: the campaign pauses again only when a further failure
 * keeps the wave over the threshold. State names are the record's state values.
 */
export interface FirmwareCampaignContext {
  /** Waves the campaign has. */
  waveCount: number;
  /** The wave under way, 0-based (-1 before the start). */
  wave: number;
  /** A wave's failure rate above this, percent, pauses the campaign. */
  thresholdPercent: number;
  /** Failures of the current wave staff accepted by resuming. */
  acceptedFailures: number;
  /** Why it is paused (null when not). */
  pausedReason: string | null;
}

/** The current wave's counts: its chargers, how many of their updates are final, how many of those failed. */
export interface WaveCounts {
  total: number;
  final: number;
  failed: number;
}

export type FirmwareCampaignEvent =
  | { type: 'START' }
  | { type: 'PAUSE'; reason: string }
  | { type: 'RESUME'; failed: number }
  | { type: 'CANCEL' }
  | ({ type: 'PROGRESS' } & WaveCounts);

const overThreshold = (c: FirmwareCampaignContext, w: WaveCounts) => w.failed > c.acceptedFailures && w.total > 0 && (w.failed * 100) / w.total > c.thresholdPercent;

/** The failure rate, rounded for words (one decimal at most). */
const percentText = (failed: number, total: number) => `${Math.round((failed * 1000) / total) / 10} %`;

export const firmwareCampaignMachine = setup({
  types: { context: {} as FirmwareCampaignContext, events: {} as FirmwareCampaignEvent, input: {} as Pick<FirmwareCampaignContext, 'waveCount' | 'thresholdPercent'> },
  guards: {
    hasChargers: ({ context }) => context.waveCount > 0,
    failing: ({ context, event }) => event.type === 'PROGRESS' && overThreshold(context, event),
    lastWaveDone: ({ context, event }) => event.type === 'PROGRESS' && event.final >= event.total && context.wave >= context.waveCount - 1,
    waveDone: ({ context, event }) => event.type === 'PROGRESS' && event.final >= event.total && context.wave < context.waveCount - 1,
  },
}).createMachine({
  id: 'firmwareCampaign',
  initial: 'draft',
  context: ({ input }) => ({ waveCount: input.waveCount, thresholdPercent: input.thresholdPercent, wave: -1, acceptedFailures: 0, pausedReason: null }),
  states: {
    draft: {
      on: {
        START: { guard: 'hasChargers', target: 'running', actions: assign({ wave: 0, acceptedFailures: 0 }) },
        CANCEL: 'cancelled',
      },
    },
    running: {
      on: {
        PROGRESS: [
          {
            guard: 'failing',
            target: 'paused',
            actions: assign({
              pausedReason: ({ context, event }) => {
                const w = event as WaveCounts;
                return `Paused by itself: ${w.failed} of wave ${context.wave + 1}'s ${w.total} chargers failed (${percentText(w.failed, w.total)}, over the ${context.thresholdPercent} % threshold)`;
              },
            }),
          },
          { guard: 'lastWaveDone', target: 'completed' },
          { guard: 'waveDone', target: 'running', reenter: true, actions: assign({ wave: ({ context }) => context.wave + 1, acceptedFailures: 0 }) },
        ],
        PAUSE: { target: 'paused', actions: assign({ pausedReason: ({ event }) => (event as { reason: string }).reason }) },
        CANCEL: 'cancelled',
      },
    },
    paused: {
      on: {
        RESUME: { target: 'running', actions: assign({ pausedReason: null, acceptedFailures: ({ event }) => (event as { failed: number }).failed }) },
        CANCEL: 'cancelled',
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type FirmwareCampaignMachineState = 'draft' | 'running' | 'paused' | 'completed' | 'cancelled';

/** A campaign as the machine sees it: its state and context. */
export interface FirmwareCampaignSnapshot {
  state: FirmwareCampaignMachineState;
  context: FirmwareCampaignContext;
}

/** The campaign after `event`, or null when the machine does not accept it in this state (a late or repeated event). */
export function nextCampaign(from: FirmwareCampaignSnapshot, event: FirmwareCampaignEvent): FirmwareCampaignSnapshot | null {
  const snapshot = firmwareCampaignMachine.resolveState({ value: from.state, context: from.context }) as SnapshotFrom<typeof firmwareCampaignMachine>;
  if (!snapshot.can(event)) return null;
  const [next] = transition(firmwareCampaignMachine, snapshot, event);
  const changed = next.value !== from.state || JSON.stringify(next.context) !== JSON.stringify(from.context);
  return changed ? { state: next.value as FirmwareCampaignMachineState, context: next.context } : null;
}

/** The events staff send, by state (the console offers these). */
export function campaignCan(from: FirmwareCampaignSnapshot, type: 'START' | 'PAUSE' | 'RESUME' | 'CANCEL'): boolean {
  const snapshot = firmwareCampaignMachine.resolveState({ value: from.state, context: from.context }) as SnapshotFrom<typeof firmwareCampaignMachine>;
  const event: FirmwareCampaignEvent = type === 'PAUSE' ? { type, reason: '' } : type === 'RESUME' ? { type, failed: 0 } : { type };
  return snapshot.can(event);
}

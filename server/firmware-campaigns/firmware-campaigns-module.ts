// Firmware campaigns: their routes; the advance job (queued by server/firmware when an update of a campaign ends) and
// the sweep every minute that advances every running campaign; and a listener that tells the campaign pages of a
// firmware update's step (its own live events go only to those who may update firmware).
import { LIVE_CHANNEL } from '@domain/live-event';
import type { ResolvedDeps } from '@server/app-deps';
import { FIRMWARE_CAMPAIGN_ADVANCE_JOB } from '@server/firmware/firmware-store';
import { liveEventsOf } from '@server/live/live-events';
import { createInProcessBus } from '@server/live/notification-bus';
import type { JobDeps, ServerModule } from '@server/server-module';
import type { JobContext } from '@server/jobs/job-worker';
import { registerCampaignRoutes } from './campaign-routes';
import { advanceCampaign, announceCampaigns, sweepCampaigns, type CampaignDeps } from './campaign-service';

/** Kind of the sweep over the running campaigns. */
export const FIRMWARE_CAMPAIGN_SWEEP_JOB = 'firmware-campaigns.sweep';

/** How long the listener gathers firmware steps before one announcement, ms. */
const ANNOUNCE_DELAY_MS = 1_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobDeps(deps: JobDeps, ctx: JobContext): CampaignDeps {
  return { db: ctx.db, now: ctx.now, logger: ctx.logger, bus: deps.bus ?? createInProcessBus(), config: deps.config };
}

/** Whether a live notification is of a firmware update's change. */
function concernsFirmware(payload: unknown): boolean {
  return liveEventsOf(payload).some((event) => {
    const keys = (event as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) && keys.some((key) => Array.isArray(key) && key[0] === 'firmware-updates');
  });
}

function firmwareStepListener(deps: ResolvedDeps): (payload: unknown) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (payload) => {
    if (timer || !concernsFirmware(payload)) return;
    timer = setTimeout(() => {
      timer = undefined;
      announceCampaigns(deps);
    }, ANNOUNCE_DELAY_MS);
    timer.unref();
  };
}

export const firmwareCampaignsModule: ServerModule = {
  name: 'firmware-campaigns',
  routes(registry) {
    registerCampaignRoutes(registry);
  },
  jobs: (deps) => ({
    handlers: {
      [FIRMWARE_CAMPAIGN_ADVANCE_JOB]: {
        run: async (ctx) => {
          const campaignId = (ctx.job.payload as { campaignId?: unknown } | null)?.campaignId;
          // A payload naming no campaign is nothing to do (jobs are written by the server only).
          if (typeof campaignId !== 'string' || !uuidPattern.test(campaignId)) return;
          await advanceCampaign(jobDeps(deps, ctx), campaignId);
        },
      },
      [FIRMWARE_CAMPAIGN_SWEEP_JOB]: {
        run: async (ctx) => {
          await sweepCampaigns(jobDeps(deps, ctx));
        },
      },
    },
    schedule: [{ kind: FIRMWARE_CAMPAIGN_SWEEP_JOB, everyMs: 60_000 }],
  }),
  liveEvents: [
    {
      channel: LIVE_CHANNEL,
      summary: "A firmware update moved: the firmware campaigns' pages are told (their progress reads the updates).",
      listener: firmwareStepListener,
    },
  ],
};

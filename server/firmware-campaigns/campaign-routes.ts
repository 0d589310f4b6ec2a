// The firmware campaigns' API: list, filter choices, preview of the chargers a filter matches, create (a draft), start,
// pause, resume, cancel (ROLE_RUN_FIRMWARE_CAMPAIGN), a campaign with its waves' progress and its chargers page by page
// (ROLE_VIEW_FIRMWARE_CAMPAIGNS). JSON bodies only, so a script can create and start a campaign as the console does.
import { z } from 'zod';
import {
  campaignDetailSchema,
  campaignFilterOptionsSchema,
  campaignMembersPageSchema,
  campaignMembersQuerySchema,
  campaignPreviewBodySchema,
  campaignPreviewSchema,
  campaignSummarySchema,
  createCampaignBodySchema,
  pauseCampaignBodySchema,
  RUN_FIRMWARE_CAMPAIGN_PERMISSION,
  VIEW_FIRMWARE_CAMPAIGNS_PERMISSION,
  waveSizes,
} from '@domain/firmware-campaigns';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { campaignDetail, campaignMembers, countMatching, filterOptions, listCampaigns, previewChargers } from './campaign-store';
import { createCampaign, loadCampaign, moveByStaff, startCampaign } from './campaign-service';

const idOf = (raw: string | undefined) => {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFoundProblem('No firmware campaign has this id.');
  return parsed.data;
};

const run = { kind: 'permission', permission: RUN_FIRMWARE_CAMPAIGN_PERMISSION } as const;
const view = { kind: 'permission', permission: VIEW_FIRMWARE_CAMPAIGNS_PERMISSION } as const;
const detailAnswer = { description: 'The campaign with its waves', schema: campaignDetailSchema };

async function detail(deps: ResolvedDeps, id: string) {
  return campaignDetail(deps.db, await loadCampaign(deps.db, id), deps.now());
}

/** Registers the campaigns' routes (the fixed paths before `/:id`). */
export function registerCampaignRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: '/ccu/firmware-campaigns',
    access: view,
    summary: 'The firmware campaigns, newest first (at most 200): firmware, state, current wave, counts of their chargers per state.',
    responses: { 200: { description: 'The campaigns', schema: z.object({ items: z.array(campaignSummarySchema) }) } },
    handler: async ({ c, deps }) => c.json({ items: await listCampaigns(deps.db, deps.now()) }),
  });

  registry.route({
    method: 'GET',
    path: '/ccu/firmware-campaigns/filter-options',
    access: run,
    summary: "What a new campaign may choose from: the firmware images, and for its filters the vendors, models and firmware versions OCPP chargers reported at boot, and their cities, locations and operators.",
    responses: {
      200: {
        description: 'The choices',
        schema: campaignFilterOptionsSchema,
      },
    },
    handler: async ({ c, deps }) => c.json(await filterOptions(deps.db)),
  });

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns/preview',
    access: run,
    body: campaignPreviewBodySchema,
    summary: 'How many active OCPP chargers the filters match, the first 20 of them, and the sizes of the waves (the setting FIRMWARE_CAMPAIGN_WAVES when none are given). Changes nothing.',
    responses: { 200: { description: 'The preview', schema: campaignPreviewSchema }, 400: { description: 'Bad filters', schema: problemSchema } },
    handler: async ({ c, deps, body }) => {
      const count = await countMatching(deps.db, body.filters);
      return c.json({ count, chargers: await previewChargers(deps.db, body.filters, 20), waveSizes: waveSizes(count, body.waves ?? deps.config.firmwareCampaigns.waves) }, 200);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns',
    access: run,
    body: createCampaignBodySchema,
    summary:
      'Create a firmware campaign as a draft: name, firmware file, filters, waves (cumulative percentages ending at 100; FIRMWARE_CAMPAIGN_WAVES by default), failure threshold percent (FIRMWARE_CAMPAIGN_PAUSE_FAILURE_PERCENT by default), retrieve date. Start it with POST /ccu/firmware-campaigns/{id}/start.',
    responses: { 201: detailAnswer, 400: { description: 'Bad input, or no such firmware file', schema: problemSchema } },
    handler: async ({ c, deps, body, session }) => {
      const id = await createCampaign(deps, body, session.userId);
      return c.json(await detail(deps, id), 201);
    },
  });

  registry.route({
    method: 'GET',
    path: '/ccu/firmware-campaigns/:id',
    access: view,
    summary: "A firmware campaign with its filters and each wave's progress (chargers per state, failure rate); a draft's waves as its filters would size them now.",
    responses: { 200: detailAnswer, 404: { description: 'No such campaign', schema: problemSchema } },
    handler: async ({ c, deps }) => c.json(await detail(deps, idOf(c.req.param('id'))), 200),
  });

  registry.route({
    method: 'GET',
    path: '/ccu/firmware-campaigns/:id/chargers',
    access: view,
    query: campaignMembersQuerySchema,
    summary: "A page of a started campaign's chargers by wave: each one's state, its update's step and error. Filter by state or wave.",
    responses: { 200: { description: 'The page', schema: campaignMembersPageSchema }, 404: { description: 'No such campaign', schema: problemSchema } },
    handler: async ({ c, deps, query }) => {
      const id = idOf(c.req.param('id'));
      await loadCampaign(deps.db, id);
      const page = await campaignMembers(deps.db, id, query, deps.now());
      return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
    },
  });

  const conflict = { description: 'Not allowed in its state, changed meanwhile, or no charger matches', schema: problemSchema };
  const notFound = { description: 'No such campaign', schema: problemSchema };

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns/:id/start',
    access: run,
    summary: 'Start a draft: its chargers are fixed (those its filters match now) and cut into its waves, and the first wave is asked to update.',
    responses: { 200: detailAnswer, 404: notFound, 409: conflict },
    handler: async ({ c, deps, session }) => {
      const id = idOf(c.req.param('id'));
      await startCampaign(deps, id, session.userId);
      return c.json(await detail(deps, id), 200);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns/:id/pause',
    access: run,
    body: pauseCampaignBodySchema,
    summary: 'Pause a running campaign (with an optional reason): no further wave starts; updates already sent finish.',
    responses: { 200: detailAnswer, 400: { description: 'Bad input', schema: problemSchema }, 404: notFound, 409: conflict },
    handler: async ({ c, deps, session, body }) => {
      const id = idOf(c.req.param('id'));
      await moveByStaff(deps, id, 'PAUSE', session.userId, body.reason || undefined);
      return c.json(await detail(deps, id), 200);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns/:id/resume',
    access: run,
    summary: "Resume a paused campaign: the current wave's failures so far are accepted, and it pauses again only at a further failure over its threshold.",
    responses: { 200: detailAnswer, 404: notFound, 409: conflict },
    handler: async ({ c, deps, session }) => {
      const id = idOf(c.req.param('id'));
      await moveByStaff(deps, id, 'RESUME', session.userId);
      return c.json(await detail(deps, id), 200);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/firmware-campaigns/:id/cancel',
    access: run,
    summary: 'Cancel a draft, running or paused campaign: its chargers not yet sent are not sent; updates already sent finish.',
    responses: { 200: detailAnswer, 404: notFound, 409: conflict },
    handler: async ({ c, deps, session }) => {
      const id = idOf(c.req.param('id'));
      await moveByStaff(deps, id, 'CANCEL', session.userId);
      return c.json(await detail(deps, id), 200);
    },
  });
}

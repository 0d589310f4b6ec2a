import { FIRMWARE_CAMPAIGNS_ROUTE, RUN_FIRMWARE_CAMPAIGN_PERMISSION } from '@domain/firmware-campaigns';
import type { Command } from './command';

const NEW_CAMPAIGN_SCREEN = `${FIRMWARE_CAMPAIGNS_ROUTE}/new`;

/** "New firmware campaign": the create form (the list itself is the side menu's Firmware Campaigns, a menu command). */
export const firmwareCampaignActions: readonly Command[] = [
  {
    id: 'action:new-firmware-campaign',
    title: 'New firmware campaign',
    group: 'Actions',
    keywords: ['firmware', 'campaign', 'roll-out', 'update', 'waves', 'chargers'],
    permission: RUN_FIRMWARE_CAMPAIGN_PERMISSION,
    kind: 'action',
    href: NEW_CAMPAIGN_SCREEN,
    run: (ctx) => ctx.navigate(NEW_CAMPAIGN_SCREEN),
  },
];

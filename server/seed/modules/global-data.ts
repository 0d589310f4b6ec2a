import type { SeedStep } from '../seed-context';
import {
  seedDownloads,
  seedOutboundCallLogs,
  seedSmsNotificationLogs,
  seedWhatsappNotificationLogs,
} from '../seed-global-data-logs';
import {
  seedAds,
  seedAuditConfigurations,
  seedDownloadConfigurations,
  seedIgnoredErrorCodes,
  seedJobs,
  seedKnowledgeHub,
  seedNews,
  seedNotificationTemplates,
  seedProducts,
  seedVehicles,
  seedVendors,
} from '../seed-global-data-reference';

/** Seed steps of the global-data resources, in dependency order (socket types and cities are foundation steps). */
export const globalDataSeedSteps: readonly SeedStep[] = [
  seedVendors,
  seedNews,
  seedJobs,
  seedKnowledgeHub,
  seedProducts,
  seedVehicles,
  seedIgnoredErrorCodes,
  seedNotificationTemplates,
  seedAuditConfigurations,
  seedDownloadConfigurations,
  seedAds,
  seedOutboundCallLogs,
  seedSmsNotificationLogs,
  seedWhatsappNotificationLogs,
  seedDownloads,
];

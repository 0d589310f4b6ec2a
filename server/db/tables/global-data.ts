// Tables of the global-data resources, exported by name so drizzle-kit writes their migrations.
// socket_types, cities and sms_notification_logs are foundation tables (server/db/schema.ts).
import { resourceTable } from '../resource-tables';

export const vendors = resourceTable('vendors');
export const featuredIn = resourceTable('featured_in');
export const jobs = resourceTable('jobs');
export const knowledgeHubLinks = resourceTable('knowledge_hub_links');
export const products = resourceTable('products');
export const vehicles = resourceTable('vehicles');
export const ignoredErrorCodes = resourceTable('ignored_error_codes');
export const outboundCallLogs = resourceTable('outbound_call_logs');
export const whatsappNotificationLogs = resourceTable('whatsapp_notification_logs');
export const auditConfigurations = resourceTable('audit_configurations');
export const notificationTemplates = resourceTable('notification_templates');
export const downloadConfigurations = resourceTable('download_configurations');
export const downloads = resourceTable('downloads');
export const advertisements = resourceTable('advertisements');

// What a process tells its operators about itself: GET /metrics (Prometheus) — the metrics themselves are gathered
// where they happen (server/metrics/app-metrics.ts, the OCPP central system's server/ocpp/ocpp-metrics.ts).
import type { ServerModule } from '@server/server-module';
import { registerMetricsRoutes } from './metrics-routes';

export const metricsModule: ServerModule = {
  name: 'metrics',
  routes(registry) {
    registerMetricsRoutes(registry);
  },
};

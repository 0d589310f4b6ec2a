// The transition routes of every record workflow (single and bulk), running the effects other modules declare for
// their workflows.
import type { ServerModule } from '@server/server-module';
import { registerWorkflowRoutes } from './workflow-routes';

export const workflowsModule: ServerModule = {
  name: 'workflows',
  routes: (registry, { effects }) => registerWorkflowRoutes(registry, effects),
};

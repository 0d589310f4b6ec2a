// Settlements and payouts: a settlement's own create route, and the money their workflows post.
import { payoutResource } from '@domain/resources/settlements/payout';
import { settlementResource } from '@domain/resources/settlements/settlement';
import type { ServerModule } from '@server/server-module';
import { payoutEffects } from './payout-effects';
import { settlementEffects } from './settlement-effects';
import { registerSettlementRoutes } from './settlement-routes';

export const settlementsModule: ServerModule = {
  name: 'settlements',
  routes: (registry) => registerSettlementRoutes(registry),
  effects: { [settlementResource.name]: settlementEffects, [payoutResource.name]: payoutEffects },
};

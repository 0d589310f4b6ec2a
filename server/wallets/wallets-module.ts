// Wallets: adding credits, and the money top-up and credit requests post when their workflows approve them.
import { creditRequestResource } from '@domain/resources/wallets/credit-request';
import { topUpRequestResource } from '@domain/resources/wallets/top-up-request';
import type { ServerModule } from '@server/server-module';
import { registerAddCreditsRoutes } from './add-credits-routes';
import { creditRequestEffects } from './credit-request-effects';
import { topUpRequestEffects } from './top-up-effects';

export const walletsModule: ServerModule = {
  name: 'wallets',
  routes: (registry) => registerAddCreditsRoutes(registry),
  effects: { [topUpRequestResource.name]: topUpRequestEffects, [creditRequestResource.name]: creditRequestEffects },
};

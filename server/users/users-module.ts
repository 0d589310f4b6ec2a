// Users and staff: mobile number changes, blocked numbers, RFID cards, names, referral codes, group members and roles.
import type { ServerModule } from '@server/server-module';
import { registerBlockedNumberRoutes } from './blocked-number-routes';
import { registerChangeMobileNumberRoutes } from './change-mobile-number-routes';
import { registerGroupMemberRoutes } from './group-member-routes';
import { registerReferralCodeRoutes } from './referral-code-routes';
import { registerRfidCardRoutes } from './rfid-card-routes';
import { registerRoleRoutes } from './role-routes';
import { registerUserNameRoutes } from './user-name-routes';

export const usersModule: ServerModule = {
  name: 'users',
  routes(registry) {
    registerChangeMobileNumberRoutes(registry);
    registerBlockedNumberRoutes(registry);
    registerRfidCardRoutes(registry);
    registerUserNameRoutes(registry);
    registerReferralCodeRoutes(registry);
    registerGroupMemberRoutes(registry);
    registerRoleRoutes(registry);
  },
};

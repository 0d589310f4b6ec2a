import type { GlobalConfig } from '@domain/global-config';
import type { CurrentUser } from '@domain/session';

/** A signed-in staff user for console tests; override what a test cares about. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    authKey: 'test-key',
    userId: 'u-1',
    mobileNumber: '9876543210',
    name: 'Asha Rao',
    email: null,
    image: null,
    referralCode: null,
    wallet: null,
    isActive: true,
    permissions: [],
    ...overrides,
  };
}

/** Global data with nothing configured, as a fresh deployment would answer. */
export const emptyGlobalConfig: GlobalConfig = {
  socketTypeList: {},
  imageCDNUrl: 'https://cdn.example.com',
  cityConfig: { defaultCity: null, cityList: {} },
  czoUsers: [],
  tags: [],
  chargePointOperators: [],
  chargePointOperatorId: null,
  pinnedItems: [],
};

// The password the simulated chargers log in with: the setting DEV_CHARGER_PASSWORD (server/config.ts), read as the
// seed reads it, so the chargers it seeded accept the simulator.
import { devChargerPassword } from '@server/config';

/** The demo chargers' password of this process's environment (its development default when unset). */
export const DEV_CHARGER_PASSWORD: string = devChargerPassword();

// A socket type's text from the socket types reference data (the session's global config), apart from the config's
// schema so the first screen's bundle does not carry it.
import type { GlobalConfig } from './global-config';

/**
 * The text staff know a socket type by ("CCS 2"), from the socket types reference data; a code the data does not
 * know (or no data, outside a session) reads as it is. Chargers and bookings store the code ("CCS_2").
 */
export function socketTypeText(socketTypes: GlobalConfig['socketTypeList'] | undefined, code: string): string {
  return socketTypes?.[code]?.displayText ?? code;
}

// The OCPP versions the central system speaks: one line each. A charger is spoken to in the version of its type.
import type { ProtocolVersion } from './message-handler';
import { ocpp16 } from './v16/version';

export const protocolVersions: readonly ProtocolVersion[] = [ocpp16];

/** The version chargers of this type speak, or undefined (not an OCPP charger). */
export function versionOfChargerType(chargerType: string): ProtocolVersion | undefined {
  return protocolVersions.find((v) => v.chargerType === chargerType);
}

/** The version of a subprotocol name. */
export function versionOfProtocol(protocol: string | undefined): ProtocolVersion | undefined {
  return protocolVersions.find((v) => v.protocol === protocol);
}

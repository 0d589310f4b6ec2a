// OCPP 1.6 Local Authorization List: the RFID cards a charger keeps so it can let a card charge while it cannot reach
// the central system. Built from the RFID cards on accounts (an active card Accepted, a blocked one Blocked, a removed
// one left out), sent whole (Full) or as the changes since the charger's version (Differential), and each charger's
// list state as the console shows it. Shared by the console and the server.
import { z } from 'zod';

/** The permission of sending a local list and reading its version. */
export const MANAGE_LOCAL_LIST_PERMISSION = 'ROLE_MANAGE_LOCAL_LIST' as const;

/**
 * The configuration keys of the local list: read before a whole list is sent (whether the list is on, how many cards
 * it holds and takes per message) and kept on the charger's list; changing one needs MANAGE_LOCAL_LIST_PERMISSION.
 */
export const localListConfigurationKeys = ['LocalAuthListEnabled', 'SendLocalListMaxLength', 'LocalAuthListMaxLength'] as const;

/** The commands of the local list (sent only by the local list's routes and its propagation, never the command form). */
export const localListActions = ['SendLocalList', 'GetLocalListVersion'] as const;
export type LocalListAction = (typeof localListActions)[number];

/** Labels of the local list's commands. */
export const localListActionLabels: Readonly<Record<LocalListAction, string>> = {
  SendLocalList: 'Send local list',
  GetLocalListVersion: 'Read list version',
};

/** One card of a local list as OCPP 1.6 carries it: without idTagInfo, a differential update removes the card. */
export interface LocalListEntry {
  idTag: string;
  idTagInfo?: { status: 'Accepted' | 'Blocked'; expiryDate?: string };
}

/** A command of the local list with its OCPP payload. */
export type LocalListCommand =
  | { action: 'SendLocalList'; payload: { listVersion: number; updateType: 'Full' | 'Differential'; localAuthorizationList?: LocalListEntry[] } }
  | { action: 'GetLocalListVersion'; payload: Record<string, never> };

/** States of a charger's local list. */
export const localListStates = ['inSync', 'behind', 'failed'] as const;
export type LocalListState = (typeof localListStates)[number];

/** The states as staff read them. */
export const localListStateLabels: Readonly<Record<LocalListState, string>> = {
  inSync: 'In sync',
  behind: 'Behind',
  failed: 'Update failed',
};

/**
 * Why a list update failed: the charger's answer to SendLocalList (Failed, NotSupported, VersionMismatch), or what the
 * central system found before sending (the list switched off, longer than the charger holds).
 */
export const localListAnswerLabels: Readonly<Record<string, string>> = {
  Failed: 'The charger could not update its list',
  NotSupported: 'The charger does not support a local list',
  VersionMismatch: 'The charger holds another version than expected: the whole list is sent again',
  Disabled: 'The charger’s local list is switched off (LocalAuthListEnabled is false)',
  TooLong: 'The list has more cards than the charger can hold (LocalAuthListMaxLength)',
  Offline: 'The charger was offline: it gets the list when it reconnects',
  NoAnswer: 'The charger did not answer',
};

/** A charger's local list as the API answers it. */
export const localListViewSchema = z.object({
  chargerId: z.number(),
  /** False until a list is first sent to the charger: only chargers holding a list are kept up to date. */
  holdsList: z.boolean(),
  /** The version the charger holds (as it last answered), null when not known. */
  heldVersion: z.number().nullable(),
  /** The version it should hold: the cards' latest change. */
  wantedVersion: z.number(),
  state: z.enum(localListStates).nullable(),
  /** The charger's answer or the reason of a failed update (localListAnswerLabels), null when none. */
  answer: z.string().nullable(),
  /** Cards on the list (held now, blocked included). */
  cards: z.number(),
  /** What the charger said of its configuration, when read. */
  enabled: z.boolean().nullable(),
  sendMaxLength: z.number().nullable(),
  maxLength: z.number().nullable(),
  lastSentAt: z.string().nullable(),
});
export type LocalListView = z.infer<typeof localListViewSchema>;

/** Body of the local list's commands: one charger or many (up to 500). */
export const localListBodySchema = z.strictObject({
  chargerIds: z.array(z.number().int().positive()).min(1, 'Choose at least one charger').max(500, 'At most 500 chargers at once'),
});

/** The charger page's anchors of the local list's actions (the palette opens the page at them). */
export const localListAnchors = { sendFull: 'send-full-list', readVersion: 'read-list-version' } as const;

/** Paths of the local list's API. */
export const localListPaths = {
  ofCharger: (chargerId: number | string) => `/ccu/charger/${chargerId}/local-list`,
  sendFull: '/ccu/local-list/send-full',
  readVersion: '/ccu/local-list/read-version',
} as const;

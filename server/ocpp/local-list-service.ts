// Sending chargers their local authorization list, for every sender: staff's Send full list and Read list version
// (local-list-routes.ts), a card change reaching every online charger holding a list (the job local-list-propagate,
// queued by the RFID card actions), and a charger that reconnects getting what it missed (the job local-list-sync,
// queued by its BootNotification). Every send is a command record through sendCommands.
import { randomUUID } from 'node:crypto';
import { localListAnswerLabels, localListConfigurationKeys, type LocalListEntry } from '@domain/local-list';
import type { OcppCommandView } from '@domain/ocpp';
import type { Database } from '@server/db/database';
import { announceJob } from '@server/jobs/announce-job';
import { enqueueJob } from '@server/jobs/job-queue';
import type { JobContext, JobHandler } from '@server/jobs/job-worker';
import type { NotificationBus } from '@server/live/notification-bus';
import { publishLive } from '@server/live/live-events';
import { sendCommands, type CommandDeps, type SendCommandsInput } from './command-service';
import {
  changesSince,
  claimLists,
  currentListVersion,
  fullList,
  listsToUpdate,
  LOCAL_LIST_SYNC_JOB,
  releaseLists,
  storedLists,
  writeLists,
  type ListUpdate,
  type StoredList,
} from './local-list-store';
import { chargerLiveEvent } from './ocpp-messages';

/** Job kind of a card change's propagation. */
export const LOCAL_LIST_PROPAGATE_JOB = 'local-list-propagate';

/** Chargers in one batch of commands at most (one statement writes a batch's records). */
const CHARGERS_PER_BATCH = 1_000;

/** The configuration keys of the local list a charger is asked for before a whole list is sent. */
const LIST_KEYS: readonly string[] = localListConfigurationKeys;

/** What a send did: the command records, in the order of the chargers. */
export interface ListSendResult {
  batchIds: string[];
  items: OcppCommandView[];
}

const chunks = <T>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** The status a charger answered a command with (SendLocalList: Accepted, Failed, NotSupported, VersionMismatch). */
const statusOf = (item: OcppCommandView): string | null => {
  const status = (item.response as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : null;
};

/** Sends one command to many chargers (in batches), waiting for the answers. */
async function send(deps: CommandDeps, chargerIds: readonly number[], command: SendCommandsInput['command'], userId: string | null): Promise<ListSendResult> {
  const result: ListSendResult = { batchIds: [], items: [] };
  for (const part of chunks(chargerIds, CHARGERS_PER_BATCH)) {
    const sent = await sendCommands(deps, { chargerIds: part, command, userId, wait: true });
    result.batchIds.push(sent.batchId);
    result.items.push(...sent.items);
  }
  return result;
}

const liveOf = (bus: NotificationBus, chargerIds: readonly number[]) => {
  for (const id of chargerIds) publishLive(bus, chargerLiveEvent(id, { connectivity: true }));
};

/** The state a list update leaves after a charger's answer to SendLocalList of `version`. */
function afterSend(item: OcppCommandView, version: number): ListUpdate {
  const chargerId = item.chargerId;
  if (item.status === 'accepted') return { chargerId, heldVersion: version, answer: null, sent: true };
  if (item.status === 'offline') return { chargerId, state: 'behind', answer: 'Offline' };
  const status = statusOf(item);
  if (status) return { chargerId, state: 'failed', answer: status, sent: true };
  return { chargerId, state: 'failed', answer: 'NoAnswer', sent: item.sentAt !== null };
}

/**
 * The list's settings of a charger as its configuration says them (`keys`: key → value), for the `asked` keys only
 * (one asked but not said is not known: null; one not asked is left as stored).
 */
function listSettingsOf(chargerId: number, keys: ReadonlyMap<string, string | undefined>, asked: readonly string[]): ListUpdate {
  const number = (key: string) => {
    const n = Number(keys.get(key));
    return keys.has(key) && Number.isInteger(n) && n > 0 ? n : null;
  };
  const enabled = keys.get('LocalAuthListEnabled');
  return {
    chargerId,
    ...(asked.includes('LocalAuthListEnabled') ? { enabled: enabled === undefined ? null : enabled.trim().toLowerCase() !== 'false' } : {}),
    ...(asked.includes('SendLocalListMaxLength') ? { sendMaxLength: number('SendLocalListMaxLength') } : {}),
    ...(asked.includes('LocalAuthListMaxLength') ? { maxLength: number('LocalAuthListMaxLength') } : {}),
  };
}

/** Reads what the chargers' configuration says of the local list (GetConfiguration), keeping it on their lists. */
async function readListConfiguration(deps: CommandDeps, chargerIds: readonly number[], userId: string | null): Promise<ListSendResult> {
  const read = await send(deps, chargerIds, { action: 'GetConfiguration', payload: { key: [...LIST_KEYS] } }, userId);
  const updates: ListUpdate[] = [];
  for (const item of read.items) {
    if (item.status !== 'accepted') continue;
    const keys = new Map(((item.response as { configurationKey?: { key: string; value?: string }[] } | null)?.configurationKey ?? []).map((k) => [k.key, k.value]));
    updates.push(listSettingsOf(item.chargerId, keys, LIST_KEYS));
  }
  await writeLists(deps.db, updates, deps.now(), { create: true });
  return read;
}

/**
 * A ChangeConfiguration of one of the list's settings that chargers took (the command route's, for holders of
 * ROLE_MANAGE_LOCAL_LIST): their stored lists keep the new value, so the list's panel says what the charger does
 * (a list switched on again is behind until it is sent). Any other command, or a charger holding no list, is left.
 */
export async function keepListSetting(deps: CommandDeps, command: SendCommandsInput['command'], items: readonly OcppCommandView[]): Promise<void> {
  if (command.action !== 'ChangeConfiguration') return;
  const key = LIST_KEYS.find((k) => k.toLowerCase() === command.payload.key.trim().toLowerCase());
  if (!key) return;
  const took = items.filter((item) => item.status === 'accepted');
  if (took.length === 0) return;
  await writeLists(deps.db, took.map((item) => listSettingsOf(item.chargerId, new Map([[key, command.payload.value]]), [key])), deps.now());
  liveOf(deps.bus, took.map((item) => item.chargerId));
}

/** How long a sender that must reach these chargers (staff, a reconnect) waits for another sender to let go of them. */
const CLAIM_WAIT_MS = 60_000;

/**
 * Runs `work` holding these chargers' lists (claimLists): one sender per charger at a time, so two card changes, a
 * reconnect and staff never send one charger versions out of order. `wait`: a charger another sender holds is waited
 * for (up to CLAIM_WAIT_MS, then left out); else it is left to that sender. A charger holding no list yet has nothing
 * to claim and is sent to as it is (`unlisted`). The claims are let go even when the work fails.
 */
async function holdingLists<T>(
  deps: CommandDeps,
  chargerIds: readonly number[],
  wait: boolean,
  work: (claimed: number[]) => Promise<T>,
): Promise<{ claimed: number[]; done: T | undefined }> {
  const claim = randomUUID();
  const listed = new Set((await storedLists(deps.db, chargerIds)).map((l) => l.chargerId));
  const unlisted = chargerIds.filter((id) => !listed.has(id));
  let claimed = await claimLists(deps.db, [...listed], claim, deps.now());
  const deadline = Date.now() + CLAIM_WAIT_MS;
  while (wait && claimed.length < listed.size && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    claimed = await claimLists(deps.db, [...listed], claim, deps.now());
  }
  if (claimed.length === 0 && unlisted.length === 0) return { claimed, done: undefined };
  try {
    return { claimed, done: await work([...unlisted, ...claimed]) };
  } finally {
    await releaseLists(deps.db, claimed, claim);
  }
}

/**
 * Sends the whole list to these chargers (Full, the cards' current version), making the list state of a charger that
 * holds none yet, once no other sender holds them (holdingLists). Their configuration is read first: a charger whose list is switched off, or that holds fewer cards
 * than the list has, is not sent it (its list is failed with why); one that takes fewer cards per message gets the
 * list in parts, the first Full and the rest Differential (each part its own version, the last the current one).
 */
export async function sendFullList(deps: CommandDeps, chargerIds: readonly number[], userId: string | null): Promise<ListSendResult> {
  const held = await holdingLists(deps, chargerIds, true, (ids) => sendWholeList(deps, ids, userId));
  return held.done ?? { batchIds: [], items: [] };
}

/** sendFullList's work, for chargers the caller holds. */
async function sendWholeList(deps: CommandDeps, chargerIds: readonly number[], userId: string | null): Promise<ListSendResult> {
  const db = deps.db;
  const result: ListSendResult = { batchIds: [], items: [] };
  const config = await readListConfiguration(deps, chargerIds, userId);
  result.batchIds.push(...config.batchIds);
  const reachable = new Set(config.items.filter((i) => i.status === 'accepted').map((i) => i.chargerId));
  // Not reached (offline, no answer): their list says so, and they get the list when they reconnect. A charger that
  // does not speak OCPP (its record failed unsent) holds no list.
  const unreached = config.items.filter((i) => !reachable.has(i.chargerId));
  result.items.push(...unreached);
  const ocppUnreached = unreached.filter((i) => !(i.status === 'failed' && i.sentAt === null));
  await writeLists(db, ocppUnreached.map((i) => ({ chargerId: i.chargerId })), deps.now(), { create: true });
  await writeLists(db, ocppUnreached.map((i) => (i.status === 'offline' ? { chargerId: i.chargerId, state: 'behind' as const, answer: 'Offline' } : { chargerId: i.chargerId, state: 'failed' as const, answer: 'NoAnswer' })), deps.now());
  const version = await currentListVersion(db);
  const entries = await fullList(db);
  const lists = await storedLists(db, [...reachable]);
  const refused: ListUpdate[] = [];
  // Chargers by the largest part they take (0: no limit known).
  const byPart = new Map<number, number[]>();
  for (const list of lists) {
    if (list.enabled === false) refused.push({ chargerId: list.chargerId, state: 'failed', answer: 'Disabled', wantedVersion: version });
    else if (list.maxLength !== null && entries.length > list.maxLength) refused.push({ chargerId: list.chargerId, state: 'failed', answer: 'TooLong', wantedVersion: version });
    else {
      const part = list.sendMaxLength !== null && entries.length > list.sendMaxLength ? list.sendMaxLength : 0;
      byPart.set(part, [...(byPart.get(part) ?? []), list.chargerId]);
    }
  }
  await writeLists(db, refused, deps.now());
  for (const [part, ids] of byPart) {
    const parts = part === 0 ? [entries] : chunks(entries, part);
    // Versions of the parts: the last is the current version, each earlier one less (at least 1).
    let remaining = ids;
    for (let i = 0; i < parts.length && remaining.length > 0; i += 1) {
      const partVersion = Math.max(1, version - (parts.length - 1 - i));
      const sent = await send(deps, remaining, { action: 'SendLocalList', payload: { listVersion: partVersion, updateType: i === 0 ? 'Full' : 'Differential', localAuthorizationList: parts[i]! } }, userId);
      result.batchIds.push(...sent.batchIds);
      const last = i === parts.length - 1;
      const failed = sent.items.filter((item) => item.status !== 'accepted');
      await writeLists(db, [...failed.map((item) => afterSend(item, partVersion)), ...(last ? sent.items.filter((item) => item.status === 'accepted').map((item) => afterSend(item, version)) : [])], deps.now());
      if (last) result.items.push(...sent.items);
      else result.items.push(...failed);
      remaining = sent.items.filter((item) => item.status === 'accepted').map((item) => item.chargerId);
    }
  }
  liveOf(deps.bus, chargerIds);
  return result;
}

/**
 * Sends the changes since each charger's version (Differential, the current version) to these lists, grouped by the
 * version they hold; a charger answering VersionMismatch (or whose version is not known) gets the whole list.
 */
async function sendChanges(deps: CommandDeps, lists: readonly StoredList[], userId: string | null): Promise<ListSendResult> {
  const db = deps.db;
  const version = await currentListVersion(db);
  const result: ListSendResult = { batchIds: [], items: [] };
  const full: number[] = [];
  const byHeld = new Map<number, number[]>();
  for (const list of lists) {
    if (list.heldVersion === null || list.heldVersion < 1 || list.heldVersion > version) full.push(list.chargerId);
    else if (list.heldVersion === version) continue;
    else byHeld.set(list.heldVersion, [...(byHeld.get(list.heldVersion) ?? []), list.chargerId]);
  }
  const tooLong = (entries: LocalListEntry[], list: StoredList) => list.sendMaxLength !== null && entries.length > list.sendMaxLength;
  const listOf = new Map(lists.map((l) => [l.chargerId, l]));
  for (const [held, ids] of byHeld) {
    const entries = await changesSince(db, held);
    // More changes than the charger takes in one message: it gets the whole list (in parts).
    const fits = ids.filter((id) => !tooLong(entries, listOf.get(id)!));
    full.push(...ids.filter((id) => tooLong(entries, listOf.get(id)!)));
    if (fits.length === 0) continue;
    const sent = await send(deps, fits, { action: 'SendLocalList', payload: { listVersion: version, updateType: 'Differential', localAuthorizationList: entries } }, userId);
    result.batchIds.push(...sent.batchIds);
    const mismatched = sent.items.filter((item) => item.status === 'rejected' && statusOf(item) === 'VersionMismatch').map((item) => item.chargerId);
    await writeLists(db, sent.items.map((item) => afterSend(item, version)), deps.now());
    full.push(...mismatched);
    result.items.push(...sent.items.filter((item) => !mismatched.includes(item.chargerId)));
  }
  if (full.length > 0) {
    const whole = await sendWholeList(deps, full, userId);
    result.batchIds.push(...whole.batchIds);
    result.items.push(...whole.items);
  }
  liveOf(deps.bus, lists.map((l) => l.chargerId));
  return result;
}

/** Most rounds one propagation makes (each sends what changed while the one before was being sent). */
const PROPAGATION_ROUNDS = 5;

/**
 * A card changed: every online charger holding a list gets the changes since its version; the others are behind.
 * Each charger is sent to by one sender at a time (holdingLists): one another sender holds is left to it, and that
 * sender, once it lets go, looks again for what changed meanwhile, as this one does (so a change committed while a
 * charger was held is never left unsent: it is seen by the holder's look after its release, or claimed here).
 */
export async function propagateListChanges(deps: CommandDeps, only?: readonly number[]): Promise<ListSendResult> {
  const result: ListSendResult = { batchIds: [], items: [] };
  for (let round = 0; round < PROPAGATION_ROUNDS; round += 1) {
    const version = await currentListVersion(deps.db);
    const lists = (await listsToUpdate(deps.db, version, deps.now())).filter((l) => !only || only.includes(l.chargerId));
    // The lists are read again once held: a sender that held them before may have moved their versions on.
    const held = await holdingLists(deps, lists.map((l) => l.chargerId), false, async (ids) => sendChanges(deps, await storedLists(deps.db, ids), null));
    if (held.done) {
      result.batchIds.push(...held.done.batchIds);
      result.items.push(...held.done.items);
    }
    if (held.claimed.length === 0 || (await currentListVersion(deps.db)) === version) break;
  }
  return result;
}

/**
 * Reads the list version the chargers hold (GetLocalListVersion), keeping it on their lists (a charger answering -1
 * supports none: its list is failed, NotSupported). A charger that holds no list yet gets its list state made when it
 * answers a version of 0 or more.
 */
export async function readListVersions(deps: CommandDeps, chargerIds: readonly number[], userId: string | null): Promise<ListSendResult> {
  const read = await send(deps, chargerIds, { action: 'GetLocalListVersion', payload: {} }, userId);
  const answered = read.items
    .filter((item) => item.status === 'accepted')
    .map((item) => ({ chargerId: item.chargerId, listVersion: Number((item.response as { listVersion?: unknown } | null)?.listVersion) }))
    .filter((a) => Number.isInteger(a.listVersion));
  await writeLists(deps.db, answered.filter((a) => a.listVersion >= 0).map((a) => ({ chargerId: a.chargerId })), deps.now(), { create: true });
  await writeLists(
    deps.db,
    answered.map((a) => (a.listVersion < 0 ? { chargerId: a.chargerId, heldVersion: null, state: 'failed' as const, answer: 'NotSupported' } : { chargerId: a.chargerId, heldVersion: a.listVersion, answer: null })),
    deps.now(),
  );
  liveOf(deps.bus, chargerIds);
  return read;
}

/**
 * A charger holding a list connected: its version is read and, when it is not the one it should hold, it gets the
 * changes since (or the whole list when its version is not one we sent).
 */
export async function syncChargerList(deps: CommandDeps, chargerId: number): Promise<void> {
  await holdingLists(deps, [chargerId], true, async (ids) => {
    if (ids.includes(chargerId)) await syncHeldList(deps, chargerId);
  });
  // A card change committed while the charger was held (its propagation left it to this sender) reaches it now.
  await propagateListChanges(deps, [chargerId]);
}

/** syncChargerList's work, for a charger the caller holds. */
async function syncHeldList(deps: CommandDeps, chargerId: number): Promise<void> {
  const [before] = await storedLists(deps.db, [chargerId]);
  if (!before?.online) return;
  const read = await readListVersions(deps, [chargerId], null);
  const item = read.items[0];
  if (!item || item.status !== 'accepted') return;
  const answered = Number((item.response as { listVersion?: unknown } | null)?.listVersion);
  if (answered < 0) return;
  const version = await currentListVersion(deps.db);
  if (answered === version) return;
  // A version we never sent (above ours, or none while we think it holds one) is not a base for changes.
  const known = before.heldVersion !== null && answered === before.heldVersion && answered <= version && answered >= 1;
  const [list] = await storedLists(deps.db, [chargerId]);
  await sendChanges(deps, [{ ...list!, heldVersion: known ? answered : null }], null);
}

/** Queues the propagation of a card change (after the commit that changed the card), waking the job workers. */
export async function queueListPropagation(db: Database, bus: NotificationBus | undefined, now: Date): Promise<void> {
  const version = await currentListVersion(db);
  await enqueueJob(db, { kind: LOCAL_LIST_PROPAGATE_JOB, dedupeKey: `${LOCAL_LIST_PROPAGATE_JOB}:${version}`, maxAttempts: 3 }, now);
  announceJob(bus);
}

/** Runs `work`, renewing the job's lease every 10 s meanwhile (a send waits up to a command's deadline, 35 s). */
async function holdingLease(ctx: JobContext, work: () => Promise<unknown>): Promise<void> {
  const timer = setInterval(() => void ctx.heartbeat().catch(() => undefined), 10_000);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
}

/** The job handlers of the local list (a job handler's deps: the bus must reach the central system's process). */
export function localListJobHandlers(deps: { db: Database; bus?: NotificationBus; now?: () => Date; logger?: CommandDeps['logger'] }): Record<string, JobHandler> {
  const commandDeps = (logger: CommandDeps['logger']): CommandDeps => {
    if (!deps.bus) throw new Error('The local list needs the notification bus to reach the chargers.');
    return { db: deps.db, bus: deps.bus, now: deps.now ?? (() => new Date()), logger: deps.logger ?? logger };
  };
  return {
    [LOCAL_LIST_PROPAGATE_JOB]: {
      run: (ctx) => holdingLease(ctx, () => propagateListChanges(commandDeps(ctx.logger))),
    },
    [LOCAL_LIST_SYNC_JOB]: {
      run: (ctx) =>
        holdingLease(ctx, async () => {
          const chargerId = Number((ctx.job.payload as { chargerId?: unknown }).chargerId);
          if (Number.isInteger(chargerId) && chargerId > 0) await syncChargerList(commandDeps(ctx.logger), chargerId);
        }),
    },
  };
}

/** The reason a list is failed or behind, in words (null when there is none). */
export function listAnswerText(answer: string | null): string | null {
  return answer === null ? null : (localListAnswerLabels[answer] ?? answer);
}

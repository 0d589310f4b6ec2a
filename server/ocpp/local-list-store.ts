// The local authorization lists' store: the list as the RFID cards make it (whole, or the changes since a version),
// its version, and each charger's list state (ocpp_local_lists). The version is the RFID History's latest row: every
// card change (added, blocked, unblocked, removed) writes one, so the version moves with each change and the changes
// since version v are the history rows after v.
import { sql } from 'drizzle-orm';
import type { LocalListEntry, LocalListState, LocalListView } from '@domain/local-list';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { unnestArray } from '@server/db/unnest-insert';
import { ocppLocalLists } from '@server/db/tables/local-list';
import { chargers, rfidCardHistory, rfidCards } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';

/**
 * Copies the lists' states to chargers.local_list_state (the chargers lists' column and filter), for these chargers or
 * all, writing only the rows that changed. The rows are locked in id order first, as the central system's batched
 * writes to chargers lock theirs: a change reaching 10,000 chargers deadlocked with their heartbeats otherwise.
 */
async function copyStates(db: Database, chargerIds?: readonly number[]): Promise<void> {
  const only = chargerIds ? sql`and l.charger_id in (${sql.join(chargerIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  await db.execute(sql`
    with changed as materialized (select c.id, l.state from ${chargers} c join ${ocppLocalLists} l on l.charger_id = c.id
      where c.local_list_state is distinct from l.state ${only} order by c.id for update of c)
    update ${chargers} c set local_list_state = changed.state from changed where c.id = changed.id`);
}

/** An idTag is at most 20 characters (OCPP 1.6 IdToken): longer card numbers (none are made so) are left out. */
const MAX_ID_TAG = 20;

/**
 * Taken by a card change in its transaction before it writes its RFID History row: the rows' ids (the list versions)
 * are then taken one change at a time and commit in their order, so a propagation that saw version v has seen every
 * change up to v (two changes committing in the opposite order of their ids would leave a charger a change short).
 * Card changes are staff's and rare; the lock is held until the change commits.
 */
export async function lockListVersion(tx: Database): Promise<void> {
  await tx.execute(sql`lock table ${rfidCardHistory} in share row exclusive mode`);
}

/** The version of the list the cards make now: the latest RFID History row (1 before any). */
export async function currentListVersion(db: Database): Promise<number> {
  const [row] = rowsOf<{ v: number }>(await db.execute(sql`select greatest(coalesce(max(id), 0), 1)::int as v from ${rfidCardHistory}`));
  return Number(row?.v ?? 1);
}

/** The whole list: every card on an account, Accepted or Blocked. */
export async function fullList(db: Database): Promise<LocalListEntry[]> {
  const rows = rowsOf<{ card_number: string; blocked: boolean }>(
    await db.execute(sql`select card_number, blocked from ${rfidCards} where held and length(card_number) <= ${MAX_ID_TAG} order by card_number`),
  );
  return rows.map((r) => ({ idTag: r.card_number, idTagInfo: { status: r.blocked ? 'Blocked' : 'Accepted' } }));
}

/** The changes since `version`: each card changed after it as it is now, without idTagInfo when it is on no account. */
export async function changesSince(db: Database, version: number): Promise<LocalListEntry[]> {
  const rows = rowsOf<{ card_number: string; blocked: boolean | null }>(
    await db.execute(sql`
      select changed.card_number, k.blocked
      from (select distinct card_number from ${rfidCardHistory} where id > ${version} and length(card_number) <= ${MAX_ID_TAG}) changed
      left join ${rfidCards} k on k.card_number = changed.card_number and k.held
      order by changed.card_number`),
  );
  return rows.map((r) => (r.blocked === null ? { idTag: r.card_number } : { idTag: r.card_number, idTagInfo: { status: r.blocked ? 'Blocked' : 'Accepted' } }));
}

/** How many cards the whole list holds. */
export async function listLength(db: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${rfidCards} where held and length(card_number) <= ${MAX_ID_TAG}`));
  return Number(row?.n ?? 0);
}

/** A charger's list state as stored. */
export interface StoredList {
  chargerId: number;
  heldVersion: number | null;
  wantedVersion: number;
  state: LocalListState;
  answer: string | null;
  enabled: boolean | null;
  sendMaxLength: number | null;
  maxLength: number | null;
  lastSentAt: Date | null;
  online: boolean;
}

const storedOf = (r: Record<string, unknown>): StoredList => ({
  chargerId: Number(r.charger_id),
  heldVersion: r.held_version === null || r.held_version === undefined ? null : Number(r.held_version),
  wantedVersion: Number(r.wanted_version),
  state: r.state as LocalListState,
  answer: (r.answer as string | null) ?? null,
  enabled: (r.enabled as boolean | null) ?? null,
  sendMaxLength: r.send_max_length === null || r.send_max_length === undefined ? null : Number(r.send_max_length),
  maxLength: r.max_length === null || r.max_length === undefined ? null : Number(r.max_length),
  lastSentAt: r.last_sent_at ? new Date(r.last_sent_at as string) : null,
  online: r.connected_node !== null && r.connected_node !== undefined,
});

/** The list states of these chargers (those holding a list), with whether each is online. */
export async function storedLists(db: Database, chargerIds: readonly number[]): Promise<StoredList[]> {
  if (chargerIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select l.*, p.connected_node from ${ocppLocalLists} l left join ${ocppChargePoints} p on p.charger_id = l.charger_id
      where l.charger_id in (${sql.join(chargerIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  return rows.map(storedOf);
}

/**
 * Every list that should hold `version` now and does not: `wanted_version` moves to it, and each list not holding it
 * is behind (an update that failed stays failed, with the charger's answer, until one succeeds). Answers the lists of
 * the chargers that are online, to update now; the others get theirs when they reconnect.
 */
export async function listsToUpdate(db: Database, version: number, now: Date): Promise<StoredList[]> {
  await db.execute(sql`update ${ocppLocalLists} set wanted_version = ${version},
      state = case when held_version = ${version} then 'inSync' when state = 'failed' then 'failed' else 'behind' end, updated_at = ${now.toISOString()}::timestamptz
    where wanted_version < ${version}`);
  await copyStates(db);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select l.*, p.connected_node from ${ocppLocalLists} l join ${ocppChargePoints} p on p.charger_id = l.charger_id
      where p.connected_node is not null and l.held_version is distinct from ${version}`),
  );
  return rows.map(storedOf);
}

/** Lists one statement of writeLists writes at most (each row is 14 parameters). */
const WRITES_PER_STATEMENT = 1_000;

/** A list's new state after a send or a read (only the fields given change; `state` follows held and wanted unless given). */
export interface ListUpdate {
  chargerId: number;
  heldVersion?: number | null;
  wantedVersion?: number;
  state?: LocalListState;
  answer?: string | null;
  enabled?: boolean | null;
  sendMaxLength?: number | null;
  maxLength?: number | null;
  sent?: boolean;
}

/**
 * Writes list states in one statement, making the row of a charger that holds no list yet (`create`). A state not
 * given is in sync when the charger holds the wanted version, else behind.
 */
export async function writeLists(db: Database, updates: readonly ListUpdate[], now: Date, options: { create?: boolean } = {}): Promise<void> {
  if (updates.length === 0) return;
  // A statement per 1,000 lists: a change reaching 10,000 chargers in one statement built past the call stack (and
  // would pass PostgreSQL's 65,535 parameters).
  if (updates.length > WRITES_PER_STATEMENT) {
    for (let i = 0; i < updates.length; i += WRITES_PER_STATEMENT) await writeLists(db, updates.slice(i, i + WRITES_PER_STATEMENT), now, options);
    return;
  }
  const at = now.toISOString();
  const version = await currentListVersion(db);
  const keep = <T>(v: T | undefined) => v === undefined;
  const values = updates.map(
    (u) => sql`(${u.chargerId}::bigint, ${keep(u.heldVersion)}::boolean, ${u.heldVersion ?? null}::int, ${u.wantedVersion ?? null}::int, ${u.state ?? null}::text,
      ${keep(u.answer)}::boolean, ${u.answer ?? null}::text, ${keep(u.enabled)}::boolean, ${u.enabled ?? null}::boolean, ${keep(u.sendMaxLength)}::boolean, ${u.sendMaxLength ?? null}::int,
      ${keep(u.maxLength)}::boolean, ${u.maxLength ?? null}::int, ${u.sent ?? false}::boolean)`,
  );
  const source = sql`(values ${sql.join(values, sql`, `)}) as u(charger_id, keep_held, held, wanted, state, keep_answer, answer, keep_enabled, enabled, keep_send_max, send_max, keep_max, max_length, sent)`;
  if (options.create) {
    await db.execute(sql`insert into ${ocppLocalLists} (charger_id, held_version, wanted_version, state, updated_at)
      select u.charger_id, null, ${version}, 'behind', ${at}::timestamptz from ${source}
      on conflict (charger_id) do nothing`);
  }
  await db.execute(sql`
    update ${ocppLocalLists} l set
      held_version = case when u.keep_held then l.held_version else u.held end,
      wanted_version = greatest(l.wanted_version, coalesce(u.wanted, l.wanted_version)),
      answer = case when u.keep_answer then l.answer else u.answer end,
      enabled = case when u.keep_enabled then l.enabled else u.enabled end,
      send_max_length = case when u.keep_send_max then l.send_max_length else u.send_max end,
      max_length = case when u.keep_max then l.max_length else u.max_length end,
      last_sent_at = case when u.sent then ${at}::timestamptz else l.last_sent_at end,
      state = coalesce(u.state, case when (case when u.keep_held then l.held_version else u.held end) >= greatest(l.wanted_version, coalesce(u.wanted, l.wanted_version)) then 'inSync' else 'behind' end),
      updated_at = ${at}::timestamptz
    from ${source}
    where l.charger_id = u.charger_id`);
  await copyStates(db, updates.map((u) => u.chargerId));
}

/** A charger's list as the API answers it (`holdsList` false, with the version it should hold, when it has none). */
export async function localListView(db: Database, chargerId: number): Promise<LocalListView> {
  const [stored] = await storedLists(db, [chargerId]);
  const version = await currentListVersion(db);
  const cards = await listLength(db);
  if (!stored) {
    return { chargerId, holdsList: false, heldVersion: null, wantedVersion: version, state: null, answer: null, cards, enabled: null, sendMaxLength: null, maxLength: null, lastSentAt: null };
  }
  return {
    chargerId,
    holdsList: true,
    heldVersion: stored.heldVersion,
    wantedVersion: stored.wantedVersion,
    state: stored.state,
    answer: stored.answer,
    cards,
    enabled: stored.enabled,
    sendMaxLength: stored.sendMaxLength,
    maxLength: stored.maxLength,
    lastSentAt: stored.lastSentAt?.toISOString() ?? null,
  };
}

/** How long a claim to send a charger its list holds: past it, the claim is of a sender that died (a send waits 35 s at most per command). */
const CLAIM_TTL_MS = 5 * 60_000;

/**
 * Claims these chargers' lists for one sender (`claim`): answers the chargers claimed, leaving out those another
 * sender holds. One statement: two senders never both hold a charger, so its versions go out in order.
 */
export async function claimLists(db: Database, chargerIds: readonly number[], claim: string, now: Date): Promise<number[]> {
  if (chargerIds.length === 0) return [];
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`update ${ocppLocalLists} set send_claim = ${claim}::uuid, send_claimed_at = ${now.toISOString()}::timestamptz
      where charger_id in (${sql.join(chargerIds.map((id) => sql`${id}`), sql`, `)})
        and (send_claim is null or send_claim = ${claim}::uuid or send_claimed_at < ${new Date(now.getTime() - CLAIM_TTL_MS).toISOString()}::timestamptz)
      returning charger_id`),
  );
  return rows.map((r) => Number(r.charger_id));
}

/** Lets go of a claim (only its own: a claim taken over after it lapsed is the new sender's). */
export async function releaseLists(db: Database, chargerIds: readonly number[], claim: string): Promise<void> {
  if (chargerIds.length === 0) return;
  await db.execute(sql`update ${ocppLocalLists} set send_claim = null, send_claimed_at = null
    where charger_id in (${sql.join(chargerIds.map((id) => sql`${id}`), sql`, `)}) and send_claim = ${claim}::uuid`);
}

/** Job kind of a reconnecting charger's list sync (local-list-service.ts runs it). */
export const LOCAL_LIST_SYNC_JOB = 'local-list-sync';

/**
 * Queues the sync of each charger that connected and holds a list (one statement for a batch of boots: nothing is
 * queued for one that holds none). The job workers find them at their next poll (every few seconds) or at once when woken.
 */
export async function queueListSyncs(db: Database, chargerIds: readonly number[], now: Date): Promise<void> {
  if (chargerIds.length === 0) return;
  await db.execute(sql`
    insert into background_jobs (kind, state, payload, dedupe_key, max_attempts, run_after, created_at)
    select ${LOCAL_LIST_SYNC_JOB}, 'queued', jsonb_build_object('chargerId', l.charger_id), ${`${LOCAL_LIST_SYNC_JOB}:`}::text || l.charger_id::text, 2,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${ocppLocalLists} l where l.charger_id = any(${unnestArray([...new Set(chargerIds)], 'bigint')})
    on conflict (dedupe_key) where state in ('queued', 'running') do nothing`);
}

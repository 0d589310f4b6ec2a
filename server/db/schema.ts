// The database schema: one truth for both drivers. Money is integer paise, times are timestamptz (UTC).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PinnedItem } from '@domain/pinned-item';
import { userApprovalStates } from '@machines/user-approval.machine';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every person with an account: customers, hosts and staff alike. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    mobileNumber: text('mobile_number').notNull(),
    email: text('email'),
    image: text('image'),
    referralCode: text('referral_code'),
    isActive: boolean('is_active').notNull().default(true),
    /** The user approval machine's state (machines/user-approval.machine.ts); accounts made before it are approved. */
    approvalStatus: text('approval_status').notNull().default('APPROVED'),
    /** Optimistic lock of the approval workflow and of every generic edit. */
    version: integer('version').notNull().default(0),
    /** Customer operations locked by staff (Lock customer operations): the app's actions are refused until unlocked. */
    operationsLocked: boolean('operations_locked').notNull().default(false),
    /** Why they were locked (or unlocked), kept with the flag; the audit row keeps each change. */
    operationsLockReason: text('operations_lock_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mobile_number_key').on(t.mobileNumber),
    // Stored states are the machine's states; the name is the one build-tables gives a workflow's CHECK.
    check('users_approval_status_user_approval_states', sql`${t.approvalStatus} in (${sql.raw(userApprovalStates.map((s) => `'${s}'`).join(', '))})`),
    // The pending users (All Users filtered by approval), newest first.
    index('users_approval_status_created_at_id_idx').on(t.approvalStatus, t.createdAt, t.id),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    check('users_mobile_number_format', sql`${t.mobileNumber} ~ '^[0-9]{10}$'`),
    // Palette lookups by part of a name.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Palette lookups by the first digits of a mobile number (`LIKE '9845%'` in any collation).
    index('users_mobile_number_prefix_idx').on(t.mobileNumber.op('text_pattern_ops')),
    // The All Users list pages newest first (and filters by joining date) over tens of thousands of rows.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/** Staff who may use the console (a user row plus this row, both active). */
export const czoUsers = pgTable('czo_users', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  designation: text('designation'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One credits wallet per user; credits in paise. Its ledger account has the wallet's id. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The balance: a cached copy of the sum of the wallet's ledger entries, written only by a posting (server/ledger). */
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    /** Moves on with every posting: two postings on one wallet serialize on it (optimistic locking). */
    version: integer('version').notNull().default(0),
    /** A postpaid wallet may go below zero; a prepaid one never does. */
    postpaid: boolean('postpaid').notNull().default(false),
    /**
     * What the user owes (paise, never below zero): a cached copy of minus the balance of the user's RECEIVABLE
     * account, written only by a posting. A prepaid wallet short of a delivered session owes the rest; the next credit
     * to the wallet settles it.
     */
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_user_id_key').on(t.userId),
    index('wallets_created_at_id_idx').on(t.createdAt, t.id),
    check('wallets_credits_check', sql`${t.credits} >= 0 or ${t.postpaid}`),
    check('wallets_owed_check', sql`${t.owed} >= 0`),
  ],
);

/** Staff roles: named bundles of permissions (strings of the catalogue in domain/permissions.ts). */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    /** The permissions the role grants while it is active. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name)],
);

/** Which staff user holds which role; an inactive mapping grants nothing (removal keeps the history). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_roles_user_id_role_id_key').on(t.userId, t.roleId),
    index('user_roles_role_id_idx').on(t.roleId),
    index('user_roles_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One-time codes, stored only as a keyed hash: sign-in codes, and codes confirming a new sign-in number (purpose
 * `change-number:<user id>`, so a code confirms that change of that user only). Rows also count sends for rate limiting.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileNumber: text('mobile_number').notNull(),
    purpose: text('purpose').notNull().default('sign-in'),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_mobile_created_idx').on(t.mobileNumber, t.createdAt),
    index('otp_challenges_client_created_idx').on(t.clientAddress, t.createdAt),
  ],
);

/** Signed-in sessions; only the sha256 of the bearer key is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Outbound SMS. Sign-in messages keep the number and the code masked; other messages keep the number, so support can find them. */
export const smsNotificationLogs = pgTable(
  'sms_notification_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileNumber: text('mobile_number').notNull(),
    message: text('message').notNull(),
    template: text('template').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_notification_logs_created_idx').on(t.createdAt),
    // The SMS log list: exact number search and the status filter, newest first.
    index('sms_notification_logs_mobile_number_idx').on(t.mobileNumber, t.createdAt),
    index('sms_notification_logs_status_idx').on(t.status, t.createdAt),
  ],
);

/** Connector kinds a charger socket can have, keyed by code (e.g. TYPE_2). */
export const socketTypes = pgTable('socket_types', {
  code: text('code').primaryKey(),
  displayText: text('display_text').notNull(),
  imageRelativePath: text('image_relative_path'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Cities the network operates in. */
export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The city the console opens maps and pickers on; at most one. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cities_name_state_key').on(t.name, t.state),
    uniqueIndex('cities_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check('cities_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('cities_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

/** Labels for tickets, orders and chargers. */
export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('tags_name_key'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Charge point operators; the one with is_own_network is the network itself. */
export const chargePointOperators = pgTable(
  'charge_point_operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    gstin: text('gstin'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    cityId: uuid('city_id').references(() => cities.id),
    /** The network's share of each booking's revenue, in percent. */
    commissionPercent: doublePrecision('commission_percent'),
    isActive: boolean('is_active').notNull().default(true),
    isOwnNetwork: boolean('is_own_network').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charge_point_operators_name_key').on(t.name),
    uniqueIndex('charge_point_operators_gstin_key').on(t.gstin),
    index('charge_point_operators_contact_phone_idx').on(t.contactPhone),
    check('charge_point_operators_commission_range', sql`${t.commissionPercent} between 0 and 100`),
    // At most one operator is the network's own.
    uniqueIndex('charge_point_operators_own_network_key').on(t.isOwnNetwork).where(sql`${t.isOwnNetwork}`),
  ],
);

/** Per-user console preferences kept on the server (pinned menu items). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinnedItems: jsonb('pinned_items').$type<PinnedItem[]>().notNull().default([]),
  updatedAt: createdAt(),
});

/** Who did what to which record, and when; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    event: text('event'),
    reason: text('reason'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /** Write order: entries of the same millisecond keep the order they were written in. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('audit_log_entity_seq_idx').on(t.entityType, t.entityId, t.seq), index('audit_log_created_idx').on(t.createdAt)],
);

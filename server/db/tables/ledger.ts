// The double-entry ledger (docs/money.md): accounts, postings and their entries, amounts in integer paise.
// Entries and postings are immutable (triggers refuse UPDATE, DELETE and TRUNCATE) and every posting's entries sum to
// zero (a trigger checks each insert statement). A wallet's balance is the sum of its entries; `wallets.credits` is
// a cached copy written only by a posting, checked equal by server/ledger/ledger-check.ts. What a customer owes (a
// session the charger delivered that the wallet could not pay in full) is the balance of the customer's RECEIVABLE
// account, cached as `wallets.owed` the same way.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, pgView, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

/** Account kinds: a wallet and a receivable per user, and the operator's own accounts (one row each). */
export const ledgerAccountKinds = [
  'WALLET',
  'RECEIVABLE',
  'REVENUE',
  'GST',
  'PROMOTIONS',
  'REFUNDS',
  'TOP_UP_CLEARING',
  'CORRECTIONS',
  'OPENING_BALANCE',
  'HOST_PAYABLE',
  'PAYOUT_CLEARING',
] as const;

/** Kinds of account a user owns: the wallet (its money) and the receivable (what the user owes, as a negative balance). */
export const userAccountKinds = ['WALLET', 'RECEIVABLE'] as const;

/** Every account a posting can move money on. A wallet's account has the wallet's id. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The owner (WALLET and RECEIVABLE accounts only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_id_kind_key').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_system_kind_key').on(t.kind).where(sql`${t.userId} is null`),
    check('ledger_accounts_kind_check', sql.raw(`kind in (${ledgerAccountKinds.map((k) => `'${k}'`).join(', ')})`)),
    check('ledger_accounts_owner_check', sql.raw(`(kind in (${userAccountKinds.map((k) => `'${k}'`).join(', ')})) = (user_id is not null)`)),
  ],
);

/** One business event that moves money: its entries sum to zero. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }),
    /** What the posting belongs to besides a booking ("top-up-requests:12", "add-credits:<batch>"). */
    reference: text('reference'),
    /** One effect per key: a second posting with the same key is not written (booking payment, top-up approval). */
    dedupeKey: text('dedupe_key'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_postings_dedupe_key_key').on(t.dedupeKey),
    index('ledger_postings_booking_id_idx').on(t.bookingId),
    index('ledger_postings_reference_idx').on(t.reference),
    index('ledger_postings_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/** One leg of a posting: an amount (paise, signed) on one account. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's balance after this entry (wallets only; null on the operator's accounts, which keep no cached balance). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_posting_id_idx').on(t.postingId),
    index('ledger_entries_account_id_created_at_id_idx').on(t.accountId, t.createdAt, t.id),
    // The wallet ledger's list across all wallets, newest first (the wallet_ledger view).
    index('ledger_entries_created_at_id_idx').on(t.createdAt, t.id),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * A wallet's history, the `wallet_ledger` view (hand-written in its migration): one row per entry on a wallet account
 * with its posting's kind, memo and reference. The wallet-ledger resource reads it; a view cannot be written.
 * `.existing()`: drizzle-kit leaves it to the migration.
 */
export const walletLedger = pgView('wallet_ledger', {
  id: bigint('id', { mode: 'number' }).notNull(),
  walletId: uuid('wallet_id').notNull(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  memo: text('memo').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }),
  reference: text('reference'),
  bookingId: bigint('booking_id', { mode: 'number' }),
  postingId: bigint('posting_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();

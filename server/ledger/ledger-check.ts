// The ledger's invariants, checked by a query (tests, the seed test and `GET /pw-service/wallet-ledger/check`,
// server/ledger/ledger-check-route.ts): every posting sums to zero, the sum of all entries is zero, each wallet's cached
// credits equal the sum of its entries and its cached `owed` minus its owner's receivable, and nobody owes while their
// prepaid wallet holds credits (a credit settles what is owed at once).
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';

export interface LedgerCheck {
  postings: number;
  entries: number;
  /** Postings whose entries do not sum to zero (should be 0). */
  unbalancedPostings: number;
  /** Sum of every entry (should be 0). */
  total: number;
  /** Wallets whose cached credits differ from the sum of their entries (should be 0). */
  walletsOff: number;
  /** Wallets without their ledger accounts, the wallet's and the receivable (should be 0). */
  walletsWithoutAccount: number;
  /** Prepaid wallets below zero (should be 0). */
  prepaidBelowZero: number;
  /** Wallets whose cached `owed` differs from minus the sum of their owner's receivable entries (should be 0). */
  owedOff: number;
  /** Prepaid wallets holding credits while their owner owes (should be 0: a credit settles what is owed). */
  owingWithCredits: number;
  /** What all customers owe, in paise (information: the sum of every `owed`). */
  owedTotal: number;
}

export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const [row] = rowsOf<Record<keyof LedgerCheck, string | number>>(
    await db.execute(sql`
      select
        (select count(*) from ledger_postings) as "postings",
        (select count(*) from ledger_entries) as "entries",
        (select count(*) from (select posting_id from ledger_entries group by posting_id having sum(amount) <> 0) u) as "unbalancedPostings",
        (select coalesce(sum(amount), 0) from ledger_entries) as "total",
        (select count(*) from wallets w left join (select account_id, sum(amount) as s from ledger_entries group by account_id) e on e.account_id = w.id
          where w.credits <> coalesce(e.s, 0)) as "walletsOff",
        (select count(*) from wallets w where not exists (select 1 from ledger_accounts a where a.id = w.id and a.kind = 'WALLET')
          or not exists (select 1 from ledger_accounts r where r.user_id = w.user_id and r.kind = 'RECEIVABLE')) as "walletsWithoutAccount",
        (select count(*) from wallets where credits < 0 and not postpaid) as "prepaidBelowZero",
        (select count(*) from wallets w join ledger_accounts r on r.user_id = w.user_id and r.kind = 'RECEIVABLE'
          left join (select account_id, sum(amount) as s from ledger_entries group by account_id) e on e.account_id = r.id
          where w.owed <> -coalesce(e.s, 0)) as "owedOff",
        (select count(*) from wallets where owed > 0 and credits > 0 and not postpaid) as "owingWithCredits",
        (select coalesce(sum(owed), 0) from wallets) as "owedTotal"`),
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as unknown as LedgerCheck;
}

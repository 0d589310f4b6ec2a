// GET /pw-service/wallet-ledger/check: the ledger's invariants (server/ledger/ledger-check.ts) for staff who read the
// wallet ledger, so a deployment can be checked without a database shell. Registered before the resource routes, since
// the wallet ledger's own routes would read `check` as an entry's id.
import { z } from 'zod';
import type { RouteRegistry } from '@server/http/route-registry';
import { checkLedger } from './ledger-check';

/** API path of the ledger check. */
export const LEDGER_CHECK_API = '/pw-service/wallet-ledger/check';

const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  postings: z.number(),
  entries: z.number(),
  unbalancedPostings: z.number(),
  total: z.number(),
  walletsOff: z.number(),
  walletsWithoutAccount: z.number(),
  prepaidBelowZero: z.number(),
  owedOff: z.number(),
  owingWithCredits: z.number(),
  owedTotal: z.number(),
});

export function registerLedgerCheckRoute(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: LEDGER_CHECK_API,
    access: { kind: 'permission', permission: 'ROLE_VIEW_WALLET_LEDGER' },
    summary:
      'Check the ledger: every posting sums to zero, all entries sum to zero, each wallet\'s cached credits and what its owner owes equal their entries, every wallet has its accounts, no prepaid wallet is below zero or holds credits while its owner owes. `ok` when all hold; the counts say what does not. Reads the whole ledger: slow on a large one.',
    responses: { 200: { description: 'The invariants and their counts', schema: ledgerCheckSchema } },
    handler: async ({ c, deps }) => {
      const check = await checkLedger(deps.db);
      const ok = check.unbalancedPostings === 0 && check.total === 0 && check.walletsOff === 0 && check.walletsWithoutAccount === 0 && check.prepaidBelowZero === 0 && check.owedOff === 0 && check.owingWithCredits === 0;
      return c.json({ ok, ...check }, 200);
    },
  });
}

// Checks a resource runs before it is activated or inactivated, inside the transaction that flips its active
// field: throw an HttpProblem (409 saying what is still open) to refuse, and nothing is written. The feature that
// owns what stays open declares the check in its server module (`activationChecks`); server/server-module.ts
// gathers them for the generic resource routes.
import type { Database } from '@server/db/database';

/** A check: `active` is the value asked for; it runs only when that changes the record. */
export type ActivationCheck = (tx: Database, id: string | number, active: boolean, now: Date) => Promise<void>;

/** Checks by resource name. */
export type ActivationChecks = Readonly<Record<string, ActivationCheck>>;

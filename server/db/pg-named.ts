// Named prepared statements on PostgreSQL, for the statements the app runs again and again. node-postgres sends a
// statement without a name as parse, bind, execute: PostgreSQL parses and plans it on every request. A list page
// with its relations' labels spent ~2 ms of the database's CPU in parse and bind against ~0.5 ms executing (the
// statement log at scale 10), on a machine whose two cores the server and the database share. A named statement
// is parsed once per connection and planned by PostgreSQL's plan cache (custom plans first, a generic plan once it
// is no dearer), so a repeated request costs bind and execute only.
//
// What is named: a single SELECT or WITH statement (no `;`), run through the pool (transactions keep their own
// clients and stay unnamed), once its text has been seen NAME_AFTER_USES times, for at most MAX_NAMED texts per
// pool (a process has two: the console's and the central system's). Each connection keeps the statements it prepared until it closes, so MAX_NAMED bounds what any
// connection holds; one-off texts (ids in `in (…)` lists of varying length) are never seen often enough to be named.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Texts named at most per pool (each of its connections prepares at most these). */
export const MAX_NAMED = 300;
/** A text is named from this use on. */
export const NAME_AFTER_USES = 3;
/** Texts whose uses are counted at most before the count starts over (one-off texts come and go). */
const MAX_COUNTED = 5_000;

const namable = /^\s*(select|with)\b[^;]*$/i;

/** How one pool names its statements: texts seen, and the names given. */
export interface StatementNaming {
  /** Statement name of a text (undefined while it stays unnamed). */
  nameOf(text: string): string | undefined;
  /** Texts named so far (tests, diagnostics). */
  readonly named: number;
}

export function statementNaming(): StatementNaming {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  return {
    nameOf(text) {
      const known = names.get(text);
      if (known !== undefined) return known;
      if (names.size >= MAX_NAMED || !namable.test(text)) return undefined;
      const seen = (uses.get(text) ?? 0) + 1;
      if (seen < NAME_AFTER_USES) {
        if (uses.size >= MAX_COUNTED) uses.clear();
        uses.set(text, seen);
        return undefined;
      }
      uses.delete(text);
      // The text's hash: the same text has the same name on every connection, and two texts never share one.
      const name = `czo_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
      names.set(text, name);
      return name;
    },
    get named() {
      return names.size;
    },
  };
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

/**
 * Makes the pool's own `query` (what drizzle calls outside transactions) run repeated SELECTs as named prepared
 * statements; everything else passes through as it was.
 */
export function nameRepeatedStatements(pool: pg.Pool, naming: StatementNaming = statementNaming()): StatementNaming {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // A plain config object only (what drizzle passes): a cursor or a stream is a Submittable whose prototype a copy would lose.
    if (config !== null && typeof config === 'object' && Object.getPrototypeOf(config) === Object.prototype) {
      const { text, name } = config as QueryConfigLike;
      if (!name && typeof text === 'string') {
        const given = naming.nameOf(text);
        if (given !== undefined) return query({ ...(config as object), name: given }, ...rest);
      }
    }
    return query(config, ...rest);
  };
  return naming;
}

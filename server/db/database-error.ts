// What may be said about a failed query: its SQLSTATE and the names PostgreSQL gives (constraint, table, column),
// and which statement it was. Never a bound parameter, and never the driver's message or detail: drizzle's message
// lists every parameter ("params: …"), and PostgreSQL's message and detail quote values ('Key (x)=(…)',
// 'invalid input syntax for type integer: "…"').

/** The loggable facts of a failed query. */
export interface DatabaseErrorFacts {
  /** SQLSTATE, e.g. 23505 (unique violation) or 22021 (bad character). */
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The statement's command and first table, e.g. "insert vendors" (from the SQL text, never its values). */
  statement?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const NAME = /^[A-Za-z0-9_.]{1,128}$/;

const nameOf = (value: unknown): string | undefined => (typeof value === 'string' && NAME.test(value) ? value : undefined);

/** "insert vendors", "select socket_types": the command and the first table of a parameterised SQL text. */
export function statementOf(sqlText: unknown): string | undefined {
  if (typeof sqlText !== 'string') return undefined;
  const command = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase();
  if (!command) return undefined;
  const table = /\b(?:into|update|from)\s+"?([A-Za-z0-9_]+)"?/i.exec(sqlText)?.[1];
  return table ? `${command} ${table}` : command;
}

/** The facts of a database error (the error itself or a cause up to a few levels down), or undefined for any other error. */
export function databaseErrorOf(error: unknown): DatabaseErrorFacts | undefined {
  let statement: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; detail?: unknown; query?: unknown; cause?: unknown };
    statement ??= statementOf(e.query);
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) {
      const facts: DatabaseErrorFacts = { code: e.code };
      const constraint = nameOf(e.constraint);
      const table = nameOf(e.table);
      // A unique violation names its key's columns only in the detail ("Key (a, b)=(…)"): the first name, not the values.
      const column = nameOf(e.column) ?? (typeof e.detail === 'string' ? /^Key \(([a-z0-9_]+)[,)]/.exec(e.detail)?.[1] : undefined);
      if (constraint) facts.constraint = constraint;
      if (table) facts.table = table;
      if (column) facts.column = column;
      if (statement) facts.statement = statement;
      return facts;
    }
    current = e.cause;
  }
  return undefined;
}

/**
 * What a log line may carry about any error: for a database error its facts; for a failed query without a
 * SQLSTATE (a lost connection) the statement and the cause's name and code; for anything else (a bug) its name,
 * message and stack frames.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const facts = databaseErrorOf(error);
  if (facts) return { error: 'DatabaseError', ...facts };
  if (error instanceof Error) {
    const query = (error as { query?: unknown }).query;
    if (query !== undefined) {
      const cause = (error as { cause?: unknown }).cause as { name?: unknown; code?: unknown } | undefined;
      return { error: error.name, statement: statementOf(query), cause: nameOf(cause?.name), causeCode: nameOf(cause?.code) };
    }
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8).map((line) => line.trim());
    return { error: error.name, message: error.message, stack: frames };
  }
  return { error: typeof error };
}

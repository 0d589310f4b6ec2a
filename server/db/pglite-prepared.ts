// Named prepared statements on PGlite. PGlite's query() sends every statement as six protocol exchanges with the
// WebAssembly backend (parse, describe, bind, describe, execute, sync), parsing and planning it each time. This
// client keeps each statement text parsed under a name once (its parameter types and row description with it),
// then answers a query with one exchange: bind, execute, sync. The answer is what query() answers: the same
// parameter serialization by type, the same parsers, the same errors (the query and its parameters attached), the
// same mutexes, notifications and file-system sync. Transactions keep PGlite's own path.
import { messages as protocolMessages, parse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Numbers statement names across every client of this process, so two clients on one PGlite never share a name. */
let statementsNamed = 0;

/** Statement texts kept prepared at most; past it the oldest is closed (texts vary with `in (…)` list lengths). */
const MAX_STATEMENTS = 500;

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Prepared {
  name: string;
  /** Parameter type oids, from the statement's description (they choose each value's serializer). */
  paramTypes: readonly number[];
  /** The statement's row description (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

/** What drizzle's PGlite session calls on its client. */
interface PgliteInternals {
  parsers: Record<number, (x: string, typeId?: number) => unknown>;
  serializers: Record<number, (x: unknown) => string>;
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs: boolean }): Promise<BackendMessage[]>;
}

const join = (parts: readonly Uint8Array[]): Uint8Array => {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

type Parser = (x: string, typeId?: number) => unknown;
const defaultParsers = types.parsers as Record<number, Parser>;

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * The first result of the messages, as PGlite's parseResults answers it (rows parsed by type with the query's
 * parsers over the client's), without copying the client's few hundred parsers into a new object per query.
 */
function resultOf(statement: Prepared, messages: readonly BackendMessage[], clientParsers: Record<number, Parser>, options: QueryOptions | undefined): Results {
  const description = statement.rowDescription as { fields: Field[] } | undefined;
  const fields: Field[] = description ? description.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [];
  const own = options?.parsers as Record<number, Parser> | undefined;
  const parsers = fields.map((f) => own?.[f.dataTypeID] ?? clientParsers[f.dataTypeID] ?? defaultParsers[f.dataTypeID]);
  const value = (x: string | null, i: number) => (x === null ? null : parsers[i] ? parsers[i](x, fields[i]!.dataTypeID) : x);
  const arrays = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      if (arrays) rows.push(values.map(value));
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i += 1) row[fields[i]!.name] = value(values[i]!, i);
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      // A command tag that carries a row count ends in it ("SELECT 2", "UPDATE 3", "INSERT 0 5").
      const parts = (message as unknown as { text: string }).text.split(' ');
      const command = parts[0]!;
      const rowCount = parseInt(parts[parts.length - 1]!, 10);
      if (command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affectedRows += rowCount;
      return { rows, fields, command, affectedRows, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

/** The error PGlite's query() throws: the database error with the query, its parameters and options attached. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof protocolMessages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * A PGlite client for drizzle whose top-level queries run as named prepared statements. Anything unusual (a blob,
 * custom serializers, parameter types, a notice callback) goes to PGlite's own query().
 */
export class PreparedPgliteClient {
  readonly #client: PGlite;
  readonly #internals: PgliteInternals;
  readonly #statements = new Map<string, Prepared>();
  /** Statements to close with the next exchange (evicted from the map). */
  #toClose: string[] = [];

  constructor(client: PGlite) {
    this.#client = client;
    this.#internals = client as unknown as PgliteInternals;
  }

  /** The PGlite instance underneath. */
  get pglite(): PGlite {
    return this.#client;
  }

  /** Statement texts kept prepared (tests). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#client.transaction(callback);
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#client.exec(query, options);
  }

  async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options && (options.blob || options.serializers || options.paramTypes || options.onNotice)) return this.#client.query<T>(query, params, options);
    const pg = this.#internals;
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        let statement: Prepared | undefined;
        try {
          statement = this.#statements.get(query) ?? (await this.#prepare(query));
          const values = params.map((param, i) => {
            if (param === null || param === undefined) return null;
            const serialize = pg.serializers[statement!.paramTypes[i]!];
            return serialize ? serialize(param) : (param as { toString(): string }).toString();
          });
          const messages = await pg.execProtocolStream(
            join([...this.#closing(), protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
            { syncToFs: false },
          );
          await this.#client.syncToFs();
          return resultOf(statement, messages, pg.parsers, options) as Results<T>;
        } catch (error) {
          // A statement that failed is prepared again next time (a schema change can make a prepared one invalid).
          if (statement && this.#statements.get(query) === statement) {
            this.#statements.delete(query);
            this.#toClose.push(statement.name);
          }
          throw withQuery(error, query, params, options);
        }
      }),
    );
  }

  /** Close messages of evicted statements, once. */
  #closing(): Uint8Array[] {
    if (this.#toClose.length === 0) return [];
    const names = this.#toClose;
    this.#toClose = [];
    return names.map((name) => protocol.serialize.close({ type: 'S', name }));
  }

  async #prepare(query: string): Promise<Prepared> {
    const name = `drizzle_${(statementsNamed += 1)}`;
    const messages = await this.#internals.execProtocolStream(
      join([...this.#closing(), protocol.serialize.parse({ text: query, name }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const described = parse.parseDescribeStatementResults(messages);
    const rowDescription = messages.find((m) => m.name === 'rowDescription');
    const prepared: Prepared = { name, paramTypes: described, rowDescription };
    if (this.#statements.size >= MAX_STATEMENTS) {
      const oldest = this.#statements.entries().next().value;
      if (oldest) {
        this.#statements.delete(oldest[0]);
        this.#toClose.push(oldest[1].name);
      }
    }
    this.#statements.set(query, prepared);
    return prepared;
  }
}

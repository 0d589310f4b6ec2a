// Repeated SELECTs as named prepared statements on PostgreSQL (server/db/pg-named.ts): which texts are named, and
// that a named statement answers what the unnamed one did, errors included, on a real connection.
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { MAX_NAMED, NAME_AFTER_USES, nameRepeatedStatements, statementNaming } from '@server/db/pg-named';
import { cities } from '@server/db/schema';
import { createTestDatabase, testDrivers } from './support/test-database';

describe('which statements are named', () => {
  it('names a SELECT or WITH from its third use on, the same name every time, and nothing else', () => {
    const naming = statementNaming();
    const text = 'select id from cities where name = $1';
    const names = [1, 2, 3, 4].map(() => naming.nameOf(text));
    expect(NAME_AFTER_USES).toBe(3);
    expect(names.slice(0, 2)).toEqual([undefined, undefined]);
    expect(names[2]).toMatch(/^czo_[\w-]{32}$/);
    expect(names[3]).toBe(names[2]);
    // Another text, another name; a statement that writes or holds two statements is never named.
    const other = [1, 2, 3].map(() => naming.nameOf('  WITH x as (select 1) select * from x')).at(-1);
    expect(other).toMatch(/^czo_/);
    expect(other).not.toBe(names[2]);
    for (const never of ['update cities set name = $1', 'select 1; select 2', 'insert into t select 1']) {
      expect([1, 2, 3, 4].map(() => naming.nameOf(never))).toEqual([undefined, undefined, undefined, undefined]);
    }
    expect(naming.named).toBe(2);
  });

  it('names at most MAX_NAMED texts: past them a new text stays unnamed, the named ones keep their names', () => {
    const naming = statementNaming();
    const first = [1, 2, 3].map(() => naming.nameOf('select 0')).at(-1);
    for (let i = 1; i < MAX_NAMED; i += 1) for (let use = 0; use < NAME_AFTER_USES; use += 1) naming.nameOf(`select ${i}`);
    expect(naming.named).toBe(MAX_NAMED);
    expect([1, 2, 3, 4].map(() => naming.nameOf('select -1'))).toEqual([undefined, undefined, undefined, undefined]);
    expect(naming.nameOf('select 0')).toBe(first);
  });
});

// PostgreSQL only (PGlite keeps its own named statements, server/db/pglite-prepared.ts).
describe.each(testDrivers.filter((d) => d === 'postgres'))('named statements on %s', (driver) => {
  let database: OpenDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // One connection, so the statements it prepared can be read back from it.
    pool = new pg.Pool({ connectionString: database.connectionString, max: 1 });
    nameRepeatedStatements(pool);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  const prepared = async () => (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

  it('prepares a repeated drizzle SELECT once and answers it as before', async () => {
    const db = drizzle(pool);
    const [city] = await db.select({ id: cities.id, name: cities.name }).from(cities).limit(1);
    expect(city).toBeDefined();
    const read = () => db.select({ id: cities.id, name: cities.name, createdAt: cities.createdAt }).from(cities).where(eq(cities.name, city!.name));
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await read());
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]![0]).toMatchObject({ id: city!.id, name: city!.name });
    expect(answers[0]![0]!.createdAt).toBeInstanceOf(Date);
    const statements = (await prepared()).filter((s) => s.statement.includes('"created_at"') && s.statement.includes('from "cities"'));
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^czo_/);
    // A statement drizzle prepares without a name (`prepare('')`, as the lists' built statements) is named too.
    const built = db.select({ id: cities.id, code: sql<string>`upper(${cities.name})` }).from(cities).limit(2).prepare('');
    for (let i = 0; i < NAME_AFTER_USES; i += 1) await built.execute();
    expect((await prepared()).filter((s) => s.statement.includes('upper('))).toHaveLength(1);
  });

  it('a named statement that fails on a value fails like the unnamed one, and the next use still answers', async () => {
    // As drizzle calls it: a config object.
    const text = 'select name from cities where id = $1::uuid';
    const run = (id: string) => pool.query({ text, values: [id] });
    for (let i = 0; i < NAME_AFTER_USES; i += 1) await run('00000000-0000-0000-0000-000000000000');
    expect((await prepared()).some((s) => s.statement === text)).toBe(true);
    await expect(run('not a uuid')).rejects.toThrow(/invalid input syntax for type uuid/);
    const { rows } = await run('00000000-0000-0000-0000-000000000000');
    expect(rows).toEqual([]);
  });

  it('leaves writes and multi-statement texts unnamed, and they still run', async () => {
    for (let i = 0; i < 4; i += 1) await pool.query({ text: 'select 1 as a; select 2 as b' });
    const before = (await prepared()).length;
    for (let i = 0; i < 4; i += 1) await pool.query({ text: 'update cities set name = name where false' });
    expect((await prepared()).filter((s) => /^\s*update|; select 2/.test(s.statement))).toEqual([]);
    expect((await prepared()).length).toBe(before);
  });
});

// The PGlite client that runs statements as named prepared statements answers what PGlite's own query() answers:
// rows in both row modes, write counts, errors with the query attached; two clients on one PGlite never share a
// statement name; notifications still reach listeners.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPgliteClient } from '@server/db/pglite-prepared';

describe('PreparedPgliteClient', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`create table t (id int primary key, name text, at timestamptz, data jsonb, ok boolean);
      insert into t values (1, 'a', '2026-01-02T03:04:05Z', '{"x":1}', true), (2, null, null, null, false);`);
  });
  afterAll(() => pg.close());

  it('answers what query() answers, in object and array row modes, on first and later runs', async () => {
    const client = new PreparedPgliteClient(pg);
    const text = 'select id, name, at, data, ok from t where id >= $1 and ok is not null order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { 1184: (x: string) => x } }]) {
      for (let i = 0; i < 2; i += 1) expect(await client.query(text, [1], options)).toEqual(await pg.query(text, [1], options));
    }
    const update = 'update t set name = name where id = $1';
    expect(await client.query(update, [2])).toEqual(await pg.query(update, [2]));
  });

  it('throws the database error with the query attached, and runs the next statement', async () => {
    const client = new PreparedPgliteClient(pg);
    const mine = await client.query('insert into t (id) values ($1)', [1]).catch((e: unknown) => e);
    const theirs = await pg.query('insert into t (id) values ($1)', [1]).catch((e: unknown) => e);
    expect(mine).toMatchObject({ code: '23505', query: 'insert into t (id) values ($1)', params: [1] });
    expect((mine as Error).message).toBe((theirs as Error).message);
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('gives two clients on one PGlite their own statement names', async () => {
    const [a, b] = [new PreparedPgliteClient(pg), new PreparedPgliteClient(pg)];
    expect((await a.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await b.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    expect((await a.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('delivers notifications of its statements to listeners', async () => {
    const client = new PreparedPgliteClient(pg);
    const heard: string[] = [];
    await pg.listen('prepared_test', (payload) => heard.push(payload));
    await client.query(`select pg_notify('prepared_test', $1)`, ['hello']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['hello']);
  });
});

import { describe, expect, it } from 'vitest';
import { newCommentSchema } from '@domain/comments';
import { lookupQuerySchema } from '@domain/lookup';
import { f } from '@domain/resource/field';
import { listQuerySchema } from '@domain/resource/list-query';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { isStorableText, storableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '@domain/storable-text';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('text PostgreSQL can store', () => {
  it('refuses NUL and unpaired surrogates, keeps every other character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'a\ud800b', '\udfff', 'x\udc00\ud800', '🔌'.slice(0, 1)]) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'plain', 'ऊर्जा', '🔌 EV', '\u0001\t\n', '%00', '\\u0000', '\uffff', '\u{10ffff}']) expect(isStorableText(good), JSON.stringify(good)).toBe(true);
  });

  it('names every place in a JSON value holding such text, keys too, at any depth', () => {
    expect(unstorableTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1, d: { e: '\ud800' } } })).toEqual([
      { path: 'b.1', message: UNSTORABLE_TEXT_MESSAGE },
      { path: 'c.k\u0000', message: UNSTORABLE_TEXT_MESSAGE },
      { path: 'c.d.e', message: UNSTORABLE_TEXT_MESSAGE },
    ]);
    expect(unstorableTextPaths('\u0000')).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(unstorableTextPaths([1, null, true, { a: [] }])).toEqual([]);
  });

  it('walks a very deep document without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = unstorableTextPaths(deep);
    expect(found).toHaveLength(1);
    expect(found[0]!.path.split('.')).toHaveLength(200_000);
  });

  it('is refused by the shared schemas with the field path (forms show it on the field)', () => {
    expect(issuesOf(f.text('Name', { required: true }).input.safeParse('a\u0000b'))).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(f.longText('Notes').input.safeParse('\ud800'))).toEqual([{ path: '', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(vendorResource.createSchema.safeParse({ name: 'a\u0000', mobileNumber: '9876543210' }))).toEqual([{ path: 'name', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(listQuerySchema(vendorResource).safeParse({ q: 'a\u0000' }))).toEqual([{ path: 'q', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(listQuerySchema(vendorResource).safeParse({ name: '\u0000' }))).toEqual([{ path: 'name', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(lookupQuerySchema.safeParse({ q: '98\u0000' }))).toEqual([{ path: 'q', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(issuesOf(newCommentSchema.safeParse({ body: 'hi\u0000' }))).toEqual([{ path: 'body', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(f.text('Name').input.safeParse('Vendor 🔌').success).toBe(true);
  });

  it('keeps what is received by writing each unstorable character as U+FFFD, and leaves storable text as it is', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\uFFFDb\uFFFD');
    expect(storableText('x\uD800y')).toBe('x\uFFFDy');
    expect(storableText('\uDC00z\uD83D')).toBe('\uFFFDz\uFFFD');
    const fine = 'Vendor 🔌 \\u0000 नमस्ते';
    expect(storableText(fine)).toBe(fine);
    expect(isStorableText(storableText('\u0000\uD800\uDC00\uDFFF'))).toBe(true);
    expect(storableText('\u0000\uD800\uDC00\uDFFF')).toBe('\uFFFD\uD800\uDC00\uFFFD');
  });
});

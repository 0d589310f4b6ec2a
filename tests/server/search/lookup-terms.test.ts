import { describe, expect, it } from 'vitest';
import { lookupTermsOf, numberPrefixRanges, phonePrefixOf } from '@server/search/lookup-terms';

describe('lookup terms', () => {
  it('reads the scope signs and the forms of a phone number', () => {
    expect(lookupTermsOf('#123', 'all')).toMatchObject({ scope: 'tickets', text: '123', number: 123 });
    expect(lookupTermsOf('@ 98450 12345', 'all')).toMatchObject({ scope: 'people', phone: '9845012345' });
    for (const q of ['9845012345', '+91 98450 12345', '0 9845012345', '+919845012345']) expect(lookupTermsOf(q, 'all').phone).toBe('9845012345');
    expect(lookupTermsOf('cz0012', 'all')).toMatchObject({ codes: ['cz0012', 'CZ0012'], codePrefix: 'CZ0012' });
    expect(lookupTermsOf('CZ0', 'all').codePrefix).toBeUndefined();
    expect(lookupTermsOf('two words', 'all')).toMatchObject({ codes: [], codePrefix: undefined, number: undefined });
  });

  it('takes the first digits of a mobile number being typed, from four digits', () => {
    expect(phonePrefixOf('9845')).toBe('9845');
    expect(phonePrefixOf('+91 98450')).toBe('98450');
    expect(phonePrefixOf('0 984501')).toBe('984501');
    expect(phonePrefixOf('984')).toBeUndefined();
    expect(phonePrefixOf('1234')).toBeUndefined();
    expect(phonePrefixOf('9845012345')).toBeUndefined();
  });

  it('turns a number prefix into id ranges of longer numbers', () => {
    expect(numberPrefixRanges('1234').slice(0, 2)).toEqual([
      { from: 12340, to: 12350 },
      { from: 123400, to: 123500 },
    ]);
    expect(numberPrefixRanges('1234').at(-1)!.from).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(numberPrefixRanges('123')).toEqual([]);
    expect(numberPrefixRanges('0123')).toEqual([]);
  });
});

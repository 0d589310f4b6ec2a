import { describe, expect, it } from 'vitest';
import { coordinatesSchema, parseCoordinates, validateCoordinates } from '@domain/coordinates';

const REQUIRED = 'This field is required';
const NOT_NUMBERS = 'Latitude and Longitude must be numbers';
const BOTH = 'Latitude must be in range from -90 to 90, Longitude must be in range from -180 to 180';
const LAT = 'Latitude must be in range from -90 to 90';
const LNG = 'Longitude must be in range from -180 to 180';

describe('validateCoordinates', () => {
  it('accepts a valid pair, with or without spaces, including the limits', () => {
    expect(validateCoordinates('12.9716,77.5946')).toBeUndefined();
    expect(validateCoordinates(' 12.9716 , 77.5946 ')).toBeUndefined();
    expect(validateCoordinates('-90,-180')).toBeUndefined();
    expect(validateCoordinates('90,180')).toBeUndefined();
    expect(validateCoordinates('+45,.5')).toBeUndefined();
  });

  it('requires a value when both are missing', () => {
    expect(validateCoordinates('')).toBe(REQUIRED);
    expect(validateCoordinates('   ')).toBe(REQUIRED);
    expect(validateCoordinates(null)).toBe(REQUIRED);
    expect(validateCoordinates(undefined)).toBe(REQUIRED);
  });

  it('asks for numbers when one part is not a number or missing', () => {
    expect(validateCoordinates('abc,77.5')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('12.9,east')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('12.9,')).toBe(NOT_NUMBERS);
    expect(validateCoordinates(',77.5')).toBe(NOT_NUMBERS);
    expect(validateCoordinates(',')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('12.9')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('1,2,3')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('0x10,5')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('Infinity,5')).toBe(NOT_NUMBERS);
    expect(validateCoordinates('1e2,5')).toBe(NOT_NUMBERS);
  });

  it('names both ranges when both are out of range', () => {
    expect(validateCoordinates('91,181')).toBe(BOTH);
    expect(validateCoordinates('-90.5,-180.01')).toBe(BOTH);
  });

  it('names the latitude range when only latitude is out of range', () => {
    expect(validateCoordinates('90.0001,77')).toBe(LAT);
    expect(validateCoordinates('-100,0')).toBe(LAT);
  });

  it('names the longitude range when only longitude is out of range', () => {
    expect(validateCoordinates('12,180.5')).toBe(LNG);
    expect(validateCoordinates('12,-200')).toBe(LNG);
  });
});

describe('parseCoordinates', () => {
  it('parses a valid pair into numbers', () => {
    expect(parseCoordinates(' 12.9716 , 77.5946 ')).toEqual({ latitude: 12.9716, longitude: 77.5946 });
  });

  it('answers undefined for anything invalid', () => {
    expect(parseCoordinates('')).toBeUndefined();
    expect(parseCoordinates('a,b')).toBeUndefined();
    expect(parseCoordinates('91,0')).toBeUndefined();
  });
});

describe('coordinatesSchema', () => {
  const messageOf = (input: unknown) => {
    const result = coordinatesSchema.safeParse(input);
    return result.success ? undefined : result.error.issues.map((i) => i.message);
  };

  it('outputs the point for a valid text', () => {
    expect(coordinatesSchema.parse('12.5, 77.25')).toEqual({ latitude: 12.5, longitude: 77.25 });
  });

  it('gives the same messages as validateCoordinates', () => {
    expect(messageOf('')).toEqual([REQUIRED]);
    expect(messageOf(undefined)).toEqual([REQUIRED]);
    expect(messageOf('x,1')).toEqual([NOT_NUMBERS]);
    expect(messageOf('91,181')).toEqual([BOTH]);
    expect(messageOf('91,1')).toEqual([LAT]);
    expect(messageOf('1,181')).toEqual([LNG]);
  });
});

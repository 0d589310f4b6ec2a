import { describe, expect, it } from 'vitest';
import { MAP_LINK_ZOOM } from '@domain/constants';
import { mapLink } from '@domain/map-link';

describe('mapLink', () => {
  it('links to Google Maps with a pin at zoom 12', () => {
    expect(MAP_LINK_ZOOM).toBe(12);
    expect(mapLink(12.9716, 77.5946)).toBe('https://www.google.com/maps?q=12.9716,77.5946&z=12');
    expect(mapLink(-33.8688, 151.2093)).toBe('https://www.google.com/maps?q=-33.8688,151.2093&z=12');
    expect(mapLink(0, 0)).toBe('https://www.google.com/maps?q=0,0&z=12');
  });

  it('accepts numeric strings and the range limits', () => {
    expect(mapLink(' 28.6139 ', '77.2090')).toBe('https://www.google.com/maps?q=28.6139,77.209&z=12');
    expect(mapLink(90, -180)).toBe('https://www.google.com/maps?q=90,-180&z=12');
  });

  it('answers undefined for missing, non-numeric or out-of-range coordinates', () => {
    expect(mapLink(null, 77)).toBeUndefined();
    expect(mapLink(12, undefined)).toBeUndefined();
    expect(mapLink('', '')).toBeUndefined();
    expect(mapLink('north', 77)).toBeUndefined();
    expect(mapLink(Number.NaN, 77)).toBeUndefined();
    expect(mapLink(91, 77)).toBeUndefined();
    expect(mapLink(12, 180.5)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_QUALITY } from '@domain/constants';
import { imageUrl } from '@domain/image-url';

const cdn = 'https://cdn.example.com/images';

describe('imageUrl', () => {
  it('joins base and path with one slash and adds the default quality', () => {
    expect(DEFAULT_IMAGE_QUALITY).toBe(75);
    expect(imageUrl(cdn, 'sockets/type2.png')).toBe('https://cdn.example.com/images/sockets/type2.png?q=75');
    expect(imageUrl(`${cdn}/`, '/sockets/type2.png')).toBe('https://cdn.example.com/images/sockets/type2.png?q=75');
    expect(imageUrl(`${cdn}//`, '//sockets/type2.png')).toBe('https://cdn.example.com/images/sockets/type2.png?q=75');
  });

  it('adds the width and a given quality', () => {
    expect(imageUrl(cdn, 'a.jpg', { width: 200 })).toBe('https://cdn.example.com/images/a.jpg?w=200&q=75');
    expect(imageUrl(cdn, 'a.jpg', { width: 199.6, quality: 90 })).toBe('https://cdn.example.com/images/a.jpg?w=200&q=90');
  });

  it('ignores a width that is not a positive number', () => {
    expect(imageUrl(cdn, 'a.jpg', { width: 0 })).toBe('https://cdn.example.com/images/a.jpg?q=75');
    expect(imageUrl(cdn, 'a.jpg', { width: Number.NaN })).toBe('https://cdn.example.com/images/a.jpg?q=75');
  });

  it('keeps absolute http(s) paths and adds the parameters', () => {
    expect(imageUrl(cdn, 'https://other.example.org/x.png', { width: 100 })).toBe('https://other.example.org/x.png?w=100&q=75');
    expect(imageUrl(cdn, 'HTTP://other.example.org/x.png')).toBe('HTTP://other.example.org/x.png?q=75');
  });

  it('appends to an existing query and keeps a fragment last', () => {
    expect(imageUrl(cdn, 'a.jpg?sig=abc', { width: 50 })).toBe('https://cdn.example.com/images/a.jpg?sig=abc&w=50&q=75');
    expect(imageUrl(cdn, 'a.jpg#top')).toBe('https://cdn.example.com/images/a.jpg?q=75#top');
  });

  it('works without a CDN base (same origin)', () => {
    expect(imageUrl('', 'uploads/a.jpg')).toBe('/uploads/a.jpg?q=75');
    expect(imageUrl(undefined, '/uploads/a.jpg')).toBe('/uploads/a.jpg?q=75');
  });

  it('answers undefined for an empty path', () => {
    expect(imageUrl(cdn, '')).toBeUndefined();
    expect(imageUrl(cdn, '   ')).toBeUndefined();
    expect(imageUrl(cdn, null)).toBeUndefined();
    expect(imageUrl(cdn, undefined)).toBeUndefined();
  });
});

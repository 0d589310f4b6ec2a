import { describe, expect, it } from 'vitest';
import { RECENT_URLS_MAX } from '@domain/constants';
import { isRecordableUrl, normaliseRecentUrls, pushRecentUrl } from '@state/recent-urls';

describe('recent URL rules', () => {
  it('keeps the newest first with its search', () => {
    expect(pushRecentUrl(['/a'], '/b?page=2')).toEqual(['/b?page=2', '/a']);
  });

  it('never keeps the root path, with or without a search', () => {
    expect(pushRecentUrl(['/a'], '/')).toEqual(['/a']);
    expect(pushRecentUrl(['/a'], '/?x=1')).toEqual(['/a']);
    expect(isRecordableUrl('/')).toBe(false);
  });

  it('never keeps off-site or non-path URLs', () => {
    expect(pushRecentUrl([], '//evil.example/x')).toEqual([]);
    expect(pushRecentUrl([], 'https://evil.example/x')).toEqual([]);
  });

  it('skips consecutive duplicates but keeps a revisit after another page', () => {
    expect(pushRecentUrl(['/a', '/b'], '/a')).toEqual(['/a', '/b']);
    expect(pushRecentUrl(['/b', '/a'], '/a')).toEqual(['/a', '/b', '/a']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let urls: string[] = [];
    for (let i = 1; i <= 12; i++) urls = pushRecentUrl(urls, `/page-${i}`);
    expect(RECENT_URLS_MAX).toBe(10);
    expect(urls).toHaveLength(10);
    expect(urls[0]).toBe('/page-12');
    expect(urls.at(-1)).toBe('/page-3');
    expect(urls).not.toContain('/page-1');
    expect(urls).not.toContain('/page-2');
  });

  it('normalises a stored list with the same rules', () => {
    expect(normaliseRecentUrls(['/a', '/a', '/', '/b'])).toEqual(['/a', '/b']);
  });
});

describe('internal paths', () => {
  it('accepts same-origin paths only', async () => {
    const { isInternalPath } = await import('@state/internal-path');
    expect(isInternalPath('/a/b?c=1')).toBe(true);
    expect(isInternalPath('//evil.example')).toBe(false);
    expect(isInternalPath('/\\evil.example')).toBe(false);
    expect(isInternalPath('/\t/evil.example')).toBe(false);
    expect(isInternalPath('https://evil.example')).toBe(false);
    expect(isInternalPath('javascript:alert(1)')).toBe(false);
  });
});

/** Stubs window.matchMedia (jsdom has none): a query matches when `matches(query)` is true; default none. */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

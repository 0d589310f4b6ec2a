// Shared vitest setup. Component tests opt into jsdom with a `@vitest-environment jsdom` docblock;
// there, cmdk needs ResizeObserver and TanStack Virtual needs element sizes, which jsdom lacks.
import { afterEach } from 'vitest';
import { MemoryStorage } from './state/memory-storage';

// The console's stores persist through the global localStorage; tests outside a browser get an in-memory one, so
// the persistence code runs as it does in the console instead of failing on a missing window.
globalThis.localStorage ??= new MemoryStorage();

if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy/waitFor wait up to 10 s instead of 1 s: screens, menus and dialogs whose code the console loads on demand
  // (React.lazy) are transformed on their first import here. The resource screens (every definition) can take several
  // seconds on a 2-core machine busy with builds and browser tests beside three test workers.
  configure({ asyncUtilTimeout: 10_000 });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  for (const [prop, value] of [
    ['clientHeight', 800],
    ['offsetHeight', 800],
    ['clientWidth', 1200],
    ['offsetWidth', 1200],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
  }
  const { stubMatchMedia } = await import('./support/match-media');
  if (!window.matchMedia) stubMatchMedia();
}

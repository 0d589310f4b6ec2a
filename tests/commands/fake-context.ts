import { vi } from 'vitest';
import type { CommandContext } from '@commands/command';

/** A command context of fakes: every effect is a spy; permissions, location and stores as given. */
export function fakeContext(over: Partial<CommandContext> = {}): CommandContext {
  return {
    permissions: new Set<string>(),
    location: '/',
    origin: 'https://ops.test',
    pageTitle: 'Home',
    pins: [],
    recentUrls: [],
    menuCollapsed: false,
    navigate: vi.fn(),
    openInNewTab: vi.fn(),
    copyText: vi.fn(),
    pin: vi.fn(),
    unpin: vi.fn(),
    setMenuCollapsed: vi.fn(),
    signOut: vi.fn(),
    openHelp: vi.fn(),
    ...over,
  };
}

/** True for Ctrl+K (⌘K on a Mac): opens and closes the command palette. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The event by which the top bar's search field opens the palette (as Ctrl+K does, except that it never closes it). */
export const OPEN_PALETTE_EVENT = 'czo:open-palette';

/** Opens the command palette (or its stand-in while its code loads). */
export function requestPaletteOpen(): void {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}

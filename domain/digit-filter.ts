/** The digit-only key filter of number fields: blocks non-digit keystrokes, lets editing keys through. */

/** The parts of a keyboard event the filter reads (DOM, React and react-aria events all fit). */
export interface KeyboardEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}

/** A key that types one character (named keys such as "Backspace" or "ArrowLeft" are longer). */
function isPrintable(key: string): boolean {
  // Spread counts code points, so an emoji typed as one key is still one printable character.
  return [...key].length === 1;
}

/**
 * True for the digits 0–9 and for editing and navigation keys (Backspace, Delete, Tab, Enter, Escape,
 * arrows, Home, End and every other named, non-printing key), false for any other printable character.
 */
export function isDigitKey(key: string): boolean {
  if (key === '') return false;
  if (!isPrintable(key)) return true;
  return key >= '0' && key <= '9';
}

/** Removes every character but the ASCII digits 0–9 (for pasted or autofilled text). */
export function stripNonDigits(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/**
 * Calls preventDefault for a printable non-digit key. Ctrl/Cmd shortcuts (copy, paste, select all) pass;
 * Alt alone and Ctrl+Alt (AltGr on Windows) type characters on many layouts, so those are filtered.
 */
export function blockNonDigitKeys(event: KeyboardEventLike): void {
  const typesCharacter = event.altKey && !event.metaKey;
  const isShortcut = (event.ctrlKey || event.metaKey) && !typesCharacter;
  if (isShortcut) return;
  if (isPrintable(event.key) && !isDigitKey(event.key)) event.preventDefault();
}

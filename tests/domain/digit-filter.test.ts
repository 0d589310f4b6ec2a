import { describe, expect, it, vi } from 'vitest';
import { blockNonDigitKeys, isDigitKey, stripNonDigits } from '@domain/digit-filter';

const keyEvent = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
  preventDefault: vi.fn(),
});

describe('isDigitKey', () => {
  it('accepts the digits 0–9', () => {
    for (const d of '0123456789') expect(isDigitKey(d)).toBe(true);
  });

  it('accepts editing and navigation keys', () => {
    for (const key of ['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
      expect(isDigitKey(key)).toBe(true);
    }
  });

  it('refuses other printable characters', () => {
    for (const key of ['a', 'Z', ' ', '-', '+', '.', 'e', '٣', '😀', '']) expect(isDigitKey(key)).toBe(false);
  });
});

describe('stripNonDigits', () => {
  it('keeps only ASCII digits', () => {
    expect(stripNonDigits('+91 98765-43210')).toBe('919876543210');
    expect(stripNonDigits('abc')).toBe('');
    expect(stripNonDigits('١٢3')).toBe('3');
  });
});

describe('blockNonDigitKeys', () => {
  it('blocks printable non-digits', () => {
    for (const key of ['a', ' ', '.', '-', 'E']) {
      const event = keyEvent(key);
      blockNonDigitKeys(event);
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
  });

  it('lets digits and editing keys through', () => {
    for (const key of ['7', 'Backspace', 'Delete', 'Tab', 'ArrowLeft', 'Home', 'End', 'Enter', 'Shift']) {
      const event = keyEvent(key);
      blockNonDigitKeys(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('lets Ctrl and Cmd shortcuts through', () => {
    for (const event of [keyEvent('v', { ctrlKey: true }), keyEvent('a', { ctrlKey: true }), keyEvent('c', { metaKey: true })]) {
      blockNonDigitKeys(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('blocks characters typed with Alt or AltGr (Ctrl+Alt)', () => {
    for (const event of [keyEvent('™', { altKey: true }), keyEvent('@', { ctrlKey: true, altKey: true })]) {
      blockNonDigitKeys(event);
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
  });
});

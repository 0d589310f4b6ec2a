import { describe, expect, it } from 'vitest';
import { humanise } from '@domain/resource/field';

describe('humanise', () => {
  it('writes a code as words, keeping the letters staff read as letters', () => {
    expect(humanise('READY_FOR_INSTALLATION')).toBe('Ready For Installation');
    expect(humanise('UPI')).toBe('UPI');
    expect(humanise('KIRANA_LITE_GSM')).toBe('Kirana Lite GSM');
    expect(humanise('NEFT')).toBe('NEFT');
    expect(humanise('STOPPED_BY_ADMIN')).toBe('Stopped By Admin');
    expect(humanise('wallet')).toBe('Wallet');
  });
});

import { describe, expect, it } from 'vitest';
import { currentUserSchema, verifyOtpRequestSchema } from '@domain/session';

const base = {
  authKey: 'k',
  userId: 'u1',
  mobileNumber: '9000000001',
  email: null,
  image: null,
  referralCode: null,
  wallet: null,
  isActive: true,
  permissions: [],
};

describe('currentUserSchema', () => {
  it.each([[undefined], [null], [''], ['   ']])('defaults a name of %j to Guest', (name) => {
    expect(currentUserSchema.parse({ ...base, name }).name).toBe('Guest');
  });
  it('keeps a real name', () => {
    expect(currentUserSchema.parse({ ...base, name: 'Aarav Sharma' }).name).toBe('Aarav Sharma');
  });
});

describe('verifyOtpRequestSchema', () => {
  it('normalises the number and needs exactly 6 digits', () => {
    expect(verifyOtpRequestSchema.parse({ mobileNumber: '+91 90000 00001', otp: '123456' })).toEqual({
      mobileNumber: '9000000001',
      otp: '123456',
    });
    const bad = verifyOtpRequestSchema.safeParse({ mobileNumber: '9000000001', otp: '12345' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Enter the 6-digit code');
  });
});

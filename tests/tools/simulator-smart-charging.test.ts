// The simulated charger's limit arithmetic (tools/ocpp-simulator/smart-charging.ts): which profile is in force by
// purpose and stack level, Absolute, Recurring and Relative schedules, W converted at 230 V per phase, the charger
// maximum capping the rest, replacing and clearing, and the composite schedule built from them.
import { describe, expect, it } from 'vitest';
import { ChargingProfiles, profileLimitA, type ChargingProfile } from '@tools/ocpp-simulator/smart-charging';

const T0 = Date.parse('2026-11-29T00:00:00Z');
const session = { transactionId: 7, startedAt: T0 };

function profile(id: number, purpose: ChargingProfile['chargingProfilePurpose'], stackLevel: number, periods: [number, number][], extra: Partial<ChargingProfile> = {}, unit: 'A' | 'W' = 'A'): ChargingProfile {
  return {
    chargingProfileId: id,
    stackLevel,
    chargingProfilePurpose: purpose,
    chargingProfileKind: 'Absolute',
    ...extra,
    chargingSchedule: { startSchedule: new Date(T0).toISOString(), chargingRateUnit: unit, chargingSchedulePeriod: periods.map(([startPeriod, limit]) => ({ startPeriod, limit })), ...extra.chargingSchedule },
  };
}

describe('simulated charger smart charging', () => {
  it('the limit in force: the lower of the charger maximum and the highest TxProfile, else the TxDefaultProfile', () => {
    const p = new ChargingProfiles(2, 1);
    expect(p.limitA(1, T0, session)).toBeNull();
    expect(p.set(0, profile(1, 'TxDefaultProfile', 0, [[0, 20]]), null, T0)).toBe('Accepted');
    expect(p.limitA(1, T0 + 1000, session)).toBe(20);
    expect(p.set(0, profile(2, 'ChargePointMaxProfile', 0, [[0, 16]]), null, T0)).toBe('Accepted');
    expect(p.limitA(1, T0 + 1000, session)).toBe(16);
    // A connector's own default comes before connector 0's; TxProfiles by stack level over any default.
    expect(p.set(2, profile(3, 'TxDefaultProfile', 0, [[0, 10]]), null, T0)).toBe('Accepted');
    expect(p.limitA(2, T0 + 1000, session)).toBe(10);
    expect(p.limitA(1, T0 + 1000, session)).toBe(16);
    expect(p.set(1, profile(4, 'TxProfile', 1, [[0, 8]], { chargingProfileKind: 'Relative', chargingSchedule: undefined as never }), session, T0)).toBe('Accepted');
    expect(p.set(1, profile(5, 'TxProfile', 2, [[0, 12]], { chargingProfileKind: 'Relative', chargingSchedule: undefined as never }), session, T0)).toBe('Accepted');
    expect(p.limitA(1, T0 + 1000, session)).toBe(12);
    // Without a session the TxProfiles do not count; the session's end drops them.
    expect(p.limitA(1, T0 + 1000, null)).toBe(16);
    p.endTransaction(1);
    expect(p.list().some((x) => x.profile.chargingProfilePurpose === 'TxProfile')).toBe(false);
  });

  it('refuses a TxProfile without a transaction and a charger maximum on a connector', () => {
    const p = new ChargingProfiles(2, 1);
    expect(p.set(1, profile(1, 'TxProfile', 0, [[0, 8]]), null, T0)).toBe('Rejected');
    expect(p.set(1, profile(1, 'TxProfile', 0, [[0, 8]], { transactionId: 99 }), session, T0)).toBe('Rejected');
    expect(p.set(1, profile(2, 'ChargePointMaxProfile', 0, [[0, 8]]), null, T0)).toBe('Rejected');
    expect(p.set(3, profile(3, 'TxDefaultProfile', 0, [[0, 8]]), null, T0)).toBe('Rejected');
  });

  it('periods step by their start; a schedule ends with its duration; validity bounds it', () => {
    const stored = { connectorId: 0, setAt: T0, profile: profile(1, 'TxDefaultProfile', 0, [[0, 32], [3600, 16], [7200, 6]], { chargingSchedule: { duration: 10_800 } as never }) };
    expect(profileLimitA(stored, T0, null, 1)).toBe(32);
    expect(profileLimitA(stored, T0 + 3_599_000, null, 1)).toBe(32);
    expect(profileLimitA(stored, T0 + 3_600_000, null, 1)).toBe(16);
    expect(profileLimitA(stored, T0 + 7_300_000, null, 1)).toBe(6);
    expect(profileLimitA(stored, T0 + 10_800_000, null, 1)).toBeNull();
    expect(profileLimitA(stored, T0 - 1, null, 1)).toBeNull();
    const valid = { ...stored, profile: { ...stored.profile, validTo: new Date(T0 + 60_000).toISOString() } };
    expect(profileLimitA(valid, T0 + 59_000, null, 1)).toBe(32);
    expect(profileLimitA(valid, T0 + 60_000, null, 1)).toBeNull();
  });

  it('a Recurring Daily schedule repeats every day from its start; Weekly every seven days', () => {
    const daily = { connectorId: 0, setAt: T0, profile: profile(1, 'TxDefaultProfile', 0, [[0, 10], [64_800, 32]], { chargingProfileKind: 'Recurring', recurrencyKind: 'Daily' }) };
    expect(profileLimitA(daily, T0 + 3 * 86_400_000 + 3_600_000, null, 1)).toBe(10);
    expect(profileLimitA(daily, T0 + 3 * 86_400_000 + 19 * 3_600_000, null, 1)).toBe(32);
    const weekly = { ...daily, profile: { ...daily.profile, recurrencyKind: 'Weekly' as const } };
    expect(profileLimitA(weekly, T0 + 7 * 86_400_000 + 3_600_000, null, 1)).toBe(10);
    expect(profileLimitA(weekly, T0 + 3 * 86_400_000 + 3_600_000, null, 1)).toBe(32);
  });

  it('a Relative schedule runs from the session start; W is converted at 230 V per phase', () => {
    const relative = { connectorId: 1, setAt: T0, profile: profile(1, 'TxDefaultProfile', 0, [[0, 6900], [600, 2300]], { chargingProfileKind: 'Relative' }, 'W') };
    const later = { transactionId: 8, startedAt: T0 + 3_600_000 };
    expect(profileLimitA(relative, T0 + 3_600_000 + 1000, later, 1)).toBe(30);
    expect(profileLimitA(relative, T0 + 3_600_000 + 601_000, later, 1)).toBe(10);
    expect(profileLimitA(relative, T0 + 3_600_000 + 1000, later, 3)).toBe(10);
    const phased = { ...relative, profile: { ...relative.profile, chargingSchedule: { ...relative.profile.chargingSchedule, chargingSchedulePeriod: [{ startPeriod: 0, limit: 6900, numberPhases: 3 }] } } };
    expect(profileLimitA(phased, T0 + 3_600_000 + 1000, later, 1)).toBe(10);
  });

  it('replaces the same id or the same purpose and stack level on the connector; clears by id or by criteria', () => {
    const p = new ChargingProfiles(2, 1);
    p.set(0, profile(1, 'TxDefaultProfile', 1, [[0, 20]]), null, T0);
    p.set(0, profile(2, 'TxDefaultProfile', 1, [[0, 14]]), null, T0);
    expect(p.list().map((x) => x.profile.chargingProfileId)).toEqual([2]);
    p.set(0, profile(2, 'TxDefaultProfile', 3, [[0, 12]]), null, T0);
    expect(p.list().map((x) => [x.profile.chargingProfileId, x.profile.stackLevel])).toEqual([[2, 3]]);
    p.set(0, profile(3, 'ChargePointMaxProfile', 0, [[0, 30]]), null, T0);
    p.set(1, profile(4, 'TxDefaultProfile', 3, [[0, 9]]), null, T0);
    expect(p.clear({ id: 99 })).toBe('Unknown');
    expect(p.clear({ chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 3, connectorId: 1 })).toBe('Accepted');
    expect(p.list().map((x) => x.profile.chargingProfileId).sort()).toEqual([2, 3]);
    expect(p.clear({ chargingProfilePurpose: 'TxDefaultProfile' })).toBe('Accepted');
    expect(p.clear({ id: 3 })).toBe('Accepted');
    expect(p.list()).toEqual([]);
  });

  it('the composite schedule: the steps of the limits in force, in A or W; none without a profile; Rejected for an unknown connector', () => {
    const p = new ChargingProfiles(2, 1);
    expect(p.composite(1, 3600, 'A', null, 32, T0)).toEqual({ status: 'Accepted', connectorId: 1, scheduleStart: new Date(T0).toISOString() });
    expect(p.composite(5, 3600, 'A', null, 32, T0)).toEqual({ status: 'Rejected' });
    p.set(0, profile(1, 'TxDefaultProfile', 0, [[0, 20], [1800, 10]]), null, T0);
    p.set(0, profile(2, 'ChargePointMaxProfile', 0, [[0, 16]], { chargingSchedule: { duration: 2400 } as never }), null, T0);
    const a = p.composite(1, 3600, 'A', null, 32, T0);
    expect(a).toMatchObject({ status: 'Accepted', chargingSchedule: { chargingRateUnit: 'A', duration: 3600 } });
    expect((a as { chargingSchedule: { chargingSchedulePeriod: unknown } }).chargingSchedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 16 },
      { startPeriod: 1800, limit: 10 },
    ]);
    const w = p.composite(1, 3600, 'W', null, 32, T0);
    expect((w as { chargingSchedule: { chargingSchedulePeriod: unknown } }).chargingSchedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 3680 },
      { startPeriod: 1800, limit: 2300 },
    ]);
  });
});

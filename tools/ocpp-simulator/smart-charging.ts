// The simulated charger's charging profiles (OCPP 1.6 Smart Charging): kept per connector by purpose and stack level
// (a profile of the same id, or of the same purpose and stack level on that connector, replaces the one there),
// cleared by id or by connector, purpose and stack level, and the limit in force at a moment: the lowest of the
// ChargePointMaxProfile (connector 0) and the session's TxProfile of the highest valid stack level, or else the
// TxDefaultProfile (the connector's own before connector 0's) (OCPP 1.6 §3.13). Absolute, Recurring (Daily, Weekly)
// and Relative schedules, in A or in W (A = W / (230 V × phases)). GetCompositeSchedule is answered from the same.

/** OCPP 1.6 csChargingProfiles, as the charger is sent it. */
export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
    minChargingRate?: number;
  };
}

/** The voltage per phase a limit in W is converted with. */
export const VOLTS_PER_PHASE = 230;

/** What the charger knows of a connector's session for its profiles. */
export interface SessionRef {
  transactionId: number | null;
  startedAt: number;
}

interface Stored {
  connectorId: number;
  profile: ChargingProfile;
  /** When it was set (the start of a Relative profile outside a session). */
  setAt: number;
}

const DAY_MS = 86_400_000;

/** The limit of one profile at `at` in A (null: not in force then), for a charger of `phases` phases. */
export function profileLimitA(stored: Stored, at: number, session: SessionRef | null, phases: number): number | null {
  const { profile } = stored;
  if (profile.validFrom && at < Date.parse(profile.validFrom)) return null;
  if (profile.validTo && at >= Date.parse(profile.validTo)) return null;
  const schedule = profile.chargingSchedule;
  let start: number;
  if (profile.chargingProfileKind === 'Relative') start = session?.startedAt ?? stored.setAt;
  else {
    start = schedule.startSchedule ? Date.parse(schedule.startSchedule) : stored.setAt;
    if (profile.chargingProfileKind === 'Recurring') {
      const every = profile.recurrencyKind === 'Weekly' ? 7 * DAY_MS : DAY_MS;
      if (at >= start) start += Math.floor((at - start) / every) * every;
    }
  }
  const offset = (at - start) / 1000;
  if (offset < 0 || (schedule.duration !== undefined && offset >= schedule.duration)) return null;
  let period: ChargingProfile['chargingSchedule']['chargingSchedulePeriod'][number] | undefined;
  for (const p of schedule.chargingSchedulePeriod) if (p.startPeriod <= offset) period = p;
  if (!period) return null;
  if (schedule.chargingRateUnit === 'A') return period.limit;
  return period.limit / (VOLTS_PER_PHASE * (period.numberPhases ?? phases));
}

/** The limit of the highest stack level in force among `list` at `at`, or null. */
function highest(list: Stored[], at: number, session: SessionRef | null, phases: number): number | null {
  let best: { level: number; limit: number } | null = null;
  for (const s of list) {
    const limit = profileLimitA(s, at, session, phases);
    if (limit !== null && (!best || s.profile.stackLevel > best.level)) best = { level: s.profile.stackLevel, limit };
  }
  return best ? best.limit : null;
}

/** A charger's charging profiles. */
export class ChargingProfiles {
  private readonly stored: Stored[] = [];

  /** @param connectors the charger's connector count; @param phases its phases (for W) */
  constructor(
    private readonly connectors: number,
    private readonly phases: number,
  ) {}

  /** Every profile held, by connector (tests). */
  list(): { connectorId: number; profile: ChargingProfile }[] {
    return this.stored.map((s) => ({ connectorId: s.connectorId, profile: s.profile }));
  }

  /** SetChargingProfile: Accepted or Rejected, as a 1.6 charger answers. */
  set(connectorId: number, profile: ChargingProfile, session: SessionRef | null, now = Date.now()): 'Accepted' | 'Rejected' {
    if (connectorId < 0 || connectorId > this.connectors) return 'Rejected';
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) return 'Rejected';
    if (profile.chargingProfilePurpose === 'TxProfile') {
      // A TxProfile belongs to a transaction on that connector (OCPP 1.6 §5.16.2).
      if (connectorId === 0 || !session || (profile.transactionId !== undefined && profile.transactionId !== session.transactionId)) return 'Rejected';
    }
    if (profile.chargingProfileKind !== 'Relative' && !profile.chargingSchedule.startSchedule && profile.chargingProfileKind === 'Recurring') return 'Rejected';
    for (let i = this.stored.length - 1; i >= 0; i -= 1) {
      const s = this.stored[i]!;
      const sameSlot = s.connectorId === connectorId && s.profile.chargingProfilePurpose === profile.chargingProfilePurpose && s.profile.stackLevel === profile.stackLevel;
      if (s.profile.chargingProfileId === profile.chargingProfileId || sameSlot) this.stored.splice(i, 1);
    }
    this.stored.push({ connectorId, profile, setAt: now });
    return 'Accepted';
  }

  /** ClearChargingProfile: by id, or every profile matching the criteria given; Unknown when none matched. */
  clear(filter: { id?: number; connectorId?: number; chargingProfilePurpose?: string; stackLevel?: number }): 'Accepted' | 'Unknown' {
    const before = this.stored.length;
    for (let i = this.stored.length - 1; i >= 0; i -= 1) {
      const s = this.stored[i]!;
      const matches =
        filter.id !== undefined
          ? s.profile.chargingProfileId === filter.id
          : (filter.connectorId === undefined || s.connectorId === filter.connectorId) &&
            (filter.chargingProfilePurpose === undefined || s.profile.chargingProfilePurpose === filter.chargingProfilePurpose) &&
            (filter.stackLevel === undefined || s.profile.stackLevel === filter.stackLevel);
      if (matches) this.stored.splice(i, 1);
    }
    return this.stored.length < before ? 'Accepted' : 'Unknown';
  }

  /** A transaction ended on the connector: its TxProfiles go with it. */
  endTransaction(connectorId: number): void {
    for (let i = this.stored.length - 1; i >= 0; i -= 1) {
      const s = this.stored[i]!;
      if (s.connectorId === connectorId && s.profile.chargingProfilePurpose === 'TxProfile') this.stored.splice(i, 1);
    }
  }

  /**
   * The limit in A on a connector at `at` (null: no profile limits it): the lower of the charger maximum and the
   * session's TxProfile, or else the connector's TxDefaultProfile, or else connector 0's.
   */
  limitA(connectorId: number, at: number, session: SessionRef | null): number | null {
    const of = (purpose: ChargingProfile['chargingProfilePurpose'], connector: number) =>
      this.stored.filter((s) => s.connectorId === connector && s.profile.chargingProfilePurpose === purpose);
    const max = highest(of('ChargePointMaxProfile', 0), at, session, this.phases);
    const tx =
      (session && connectorId > 0 ? highest(of('TxProfile', connectorId), at, session, this.phases) : null) ??
      (connectorId > 0 ? highest(of('TxDefaultProfile', connectorId), at, session, this.phases) : null) ??
      highest(of('TxDefaultProfile', 0), at, session, this.phases);
    if (max === null) return tx;
    if (tx === null) return max;
    return Math.min(max, tx);
  }

  /**
   * GetCompositeSchedule: the limits in force on a connector from `now` for `duration` s, as periods in the unit
   * asked (A by default); without any profile in force, no schedule. Rejected for a connector the charger lacks.
   */
  composite(connectorId: number, duration: number, unit: 'A' | 'W' | undefined, session: SessionRef | null, ratedA: number, now = Date.now()) {
    if (connectorId < 0 || connectorId > this.connectors) return { status: 'Rejected' as const };
    const end = now + duration * 1000;
    const moments = new Set<number>([now]);
    const add = (t: number) => {
      if (t > now && t < end) moments.add(t);
    };
    for (const s of this.stored) {
      const p = s.profile;
      if (p.validFrom) add(Date.parse(p.validFrom));
      if (p.validTo) add(Date.parse(p.validTo));
      const every = p.chargingProfileKind === 'Recurring' ? (p.recurrencyKind === 'Weekly' ? 7 * DAY_MS : DAY_MS) : Infinity;
      let start = p.chargingProfileKind === 'Relative' ? (session?.startedAt ?? s.setAt) : p.chargingSchedule.startSchedule ? Date.parse(p.chargingSchedule.startSchedule) : s.setAt;
      if (every !== Infinity && start < now) start += Math.floor((now - start) / every) * every;
      for (let base = start; base < end; base += every) {
        for (const period of p.chargingSchedule.chargingSchedulePeriod) add(base + period.startPeriod * 1000);
        if (p.chargingSchedule.duration !== undefined) add(base + p.chargingSchedule.duration * 1000);
        if (every === Infinity) break;
      }
    }
    const times = [...moments].sort((a, b) => a - b);
    const limits = times.map((t) => this.limitA(connectorId, t, session));
    if (limits.every((l) => l === null)) return { status: 'Accepted' as const, connectorId, scheduleStart: new Date(now).toISOString() };
    const inUnit = (a: number) => (unit === 'W' ? Math.round(a * VOLTS_PER_PHASE * this.phases) : Math.round(a * 10) / 10);
    const periods: { startPeriod: number; limit: number }[] = [];
    times.forEach((t, i) => {
      const limit = inUnit(limits[i] ?? ratedA);
      if (periods[periods.length - 1]?.limit !== limit) periods.push({ startPeriod: Math.round((t - now) / 1000), limit });
    });
    return {
      status: 'Accepted' as const,
      connectorId,
      scheduleStart: new Date(now).toISOString(),
      chargingSchedule: { duration, startSchedule: new Date(now).toISOString(), chargingRateUnit: unit ?? 'A', chargingSchedulePeriod: periods },
    };
  }
}

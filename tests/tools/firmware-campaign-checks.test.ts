// The checks bench:ocpp --campaign makes of a campaign's record: wave order from the database's timestamps, every update
// final, status notifications lost, chargers of a later wave sent anything, updates not holding their charger's last status.
import { describe, expect, it } from 'vitest';
import { checkWaveOrder, lostStatuses, sentBeyondWave, statusMismatches, tallyFinalStates, type WaveRecord } from '@tools/benchmarks/firmware-campaign-checks';

const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
const wave = (w: number, o: Partial<WaveRecord> = {}): WaveRecord => ({ wave: w, size: 10, members: 10, final: 10, firstSent: at(w * 10), lastSent: at(w * 10 + 1), lastFinished: at(w * 10 + 5), ...o });

describe('the wave order check', () => {
  it('passes waves each started after the wave before was wholly final', () => {
    const verdicts = checkWaveOrder([wave(3), wave(1), wave(2)]);
    expect(verdicts.map((v) => [v.wave, v.ok])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(verdicts[1]!.why).toBe("started 5.0 s after wave 1's last charger was final");
  });

  it('fails a wave that started before the last update of the wave before was final', () => {
    const [, second] = checkWaveOrder([wave(1, { lastFinished: at(22) }), wave(2)]);
    expect(second).toEqual({ wave: 2, ok: false, why: "started 2.0 s before wave 1's last charger was final" });
  });

  it('fails a wave that started while chargers of the wave before were not final', () => {
    const [, second] = checkWaveOrder([wave(1, { final: 8, lastFinished: null }), wave(2)]);
    expect(second).toMatchObject({ ok: false, why: "started while 2 of wave 1's chargers were not final" });
  });

  it('fails a wave whose recorded chargers are not its size, and a wave skipped by a later one', () => {
    expect(checkWaveOrder([wave(1, { members: 9 })])[0]!.ok).toBe(false);
    const verdicts = checkWaveOrder([wave(1), wave(2, { firstSent: null, lastSent: null, lastFinished: null, final: 0 }), wave(3)]);
    expect(verdicts.map((v) => v.ok)).toEqual([true, false, false]);
  });

  it('passes waves never started after a pause', () => {
    const verdicts = checkWaveOrder([wave(1), wave(2, { firstSent: null, lastSent: null, lastFinished: null, final: 0 })]);
    expect(verdicts.map((v) => [v.ok, v.why])).toEqual([
      [true, 'the first wave'],
      [true, 'not started'],
    ]);
  });
});

describe('the other checks', () => {
  it('counts every charger final only when the states sum to the chargers and none is open', () => {
    expect(tallyFinalStates({ installed: 96, failed: 3, timedOut: 1 }, 100)).toEqual({ sum: 100, notFinal: 0, ok: true });
    expect(tallyFinalStates({ installed: 96, downloading: 4 }, 100)).toEqual({ sum: 100, notFinal: 4, ok: false });
    expect(tallyFinalStates({ installed: 96, none: 3 }, 99)).toMatchObject({ notFinal: 3, ok: false });
    expect(tallyFinalStates({ installed: 99 }, 100).ok).toBe(false);
  });

  it('counts status notifications written and not recorded as lost, by status', () => {
    const result = lostStatuses({ Downloading: 10, Installed: 9 }, { Downloading: 10, Installed: 8, Downloaded: 1 });
    expect(result.lost).toBe(1);
    expect(result.extra).toBe(1);
    expect(result.byStatus.Installed).toEqual({ sent: 9, recorded: 8 });
    expect(lostStatuses({ Installed: 3 }, { Installed: 3 }).lost).toBe(0);
  });

  it('names the chargers of later waves that received a command between two readings', () => {
    const waveOf = new Map([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    const before = { A: { commands: 1 }, B: { commands: 1 }, C: { commands: 4 } };
    expect(sentBeyondWave(before, { A: { commands: 2 }, B: { commands: 1 }, C: { commands: 4 } }, waveOf, 1)).toEqual([]);
    expect(sentBeyondWave(before, { A: { commands: 2 }, B: { commands: 1 }, C: { commands: 5 } }, waveOf, 1)).toEqual(['C']);
  });

  it("names the chargers whose update does not hold the last status they reported", () => {
    const reported = new Map([
      ['A', 'Installed'],
      ['B', 'DownloadFailed'],
    ]);
    expect(statusMismatches(reported, new Map([['A', 'Installed'], ['B', 'DownloadFailed']]))).toEqual([]);
    expect(statusMismatches(reported, new Map<string, string | null>([['A', 'Installing'], ['B', 'DownloadFailed']]))).toEqual(['A']);
  });
});

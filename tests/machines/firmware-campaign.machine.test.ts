import { describe, expect, it } from 'vitest';
import { campaignCan, nextCampaign, type FirmwareCampaignSnapshot, type FirmwareCampaignEvent } from '@machines/firmware-campaign.machine';

const draft = (waveCount = 3, thresholdPercent = 20): FirmwareCampaignSnapshot => ({
  state: 'draft',
  context: { waveCount, thresholdPercent, wave: -1, acceptedFailures: 0, pausedReason: null },
});

/** Applies the events in turn; a refused event leaves the campaign as it was. */
function run(from: FirmwareCampaignSnapshot, ...events: FirmwareCampaignEvent[]): FirmwareCampaignSnapshot {
  return events.reduce((s, e) => nextCampaign(s, e) ?? s, from);
}

const progress = (total: number, final: number, failed: number): FirmwareCampaignEvent => ({ type: 'PROGRESS', total, final, failed });

describe('firmware campaign machine', () => {
  it('starts at the first wave and moves to the next only once every update of the wave is final', () => {
    const started = run(draft(), { type: 'START' });
    expect(started).toMatchObject({ state: 'running', context: { wave: 0 } });
    expect(nextCampaign(started, progress(10, 9, 0))).toBeNull();
    const second = run(started, progress(10, 10, 1));
    expect(second).toMatchObject({ state: 'running', context: { wave: 1 } });
    const third = run(second, progress(5, 4, 0), progress(5, 5, 0));
    expect(third.context.wave).toBe(2);
    expect(run(third, progress(100, 100, 3)).state).toBe('completed');
  });

  it('never starts a campaign of no chargers', () => {
    expect(nextCampaign(draft(0), { type: 'START' })).toBeNull();
  });

  it('pauses by itself when a wave passes the threshold, even before it has finished, and says why', () => {
    const running = run(draft(3, 20), { type: 'START' }, progress(1, 1, 0));
    expect(running.context.wave).toBe(1);
    // 2 of 10 is 20 %: within the threshold.
    expect(nextCampaign(running, progress(10, 4, 2))).toBeNull();
    const paused = run(running, progress(10, 5, 3));
    expect(paused.state).toBe('paused');
    expect(paused.context.pausedReason).toBe("Paused by itself: 3 of wave 2's 10 chargers failed (30 %, over the 20 % threshold)");
    // Paused: progress starts nothing.
    expect(nextCampaign(paused, progress(10, 10, 3))).toBeNull();
  });

  it('a finished wave over the threshold starts no next wave', () => {
    const paused = run(draft(2, 0), { type: 'START' }, progress(1, 1, 1));
    expect(paused).toMatchObject({ state: 'paused', context: { wave: 0 } });
  });

  it('resumes with the failures seen accepted, and pauses again at a further failure over the threshold', () => {
    const paused = run(draft(3, 20), { type: 'START' }, progress(10, 3, 3));
    const resumed = run(paused, { type: 'RESUME', failed: 3 });
    expect(resumed).toMatchObject({ state: 'running', context: { wave: 0, acceptedFailures: 3, pausedReason: null } });
    expect(nextCampaign(resumed, progress(10, 6, 3))).toBeNull();
    expect(run(resumed, progress(10, 10, 3)).context.wave).toBe(1);
    expect(run(resumed, progress(10, 7, 4)).state).toBe('paused');
  });

  it('pauses and resumes by staff with the reason kept while paused', () => {
    const paused = run(draft(), { type: 'START' }, { type: 'PAUSE', reason: 'Paused by Asha: site visits' });
    expect(paused).toMatchObject({ state: 'paused', context: { pausedReason: 'Paused by Asha: site visits' } });
    expect(campaignCan(paused, 'PAUSE')).toBe(false);
    expect(campaignCan(paused, 'RESUME')).toBe(true);
    expect(run(paused, { type: 'RESUME', failed: 0 }).state).toBe('running');
  });

  it('cancels from draft, running and paused, and never from an end', () => {
    expect(run(draft(), { type: 'CANCEL' }).state).toBe('cancelled');
    expect(run(draft(), { type: 'START' }, { type: 'CANCEL' }).state).toBe('cancelled');
    expect(run(draft(), { type: 'START' }, { type: 'PAUSE', reason: 'x' }, { type: 'CANCEL' }).state).toBe('cancelled');
    const completed = run(draft(1), { type: 'START' }, progress(1, 1, 0));
    expect(completed.state).toBe('completed');
    for (const type of ['START', 'PAUSE', 'RESUME', 'CANCEL'] as const) expect(campaignCan(completed, type)).toBe(false);
    expect(campaignCan(run(draft(), { type: 'CANCEL' }), 'START')).toBe(false);
  });

  it('is not resumed or started twice', () => {
    const running = run(draft(), { type: 'START' });
    expect(nextCampaign(running, { type: 'START' })).toBeNull();
    expect(nextCampaign(running, { type: 'RESUME', failed: 0 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { nextCommandState, ocppCommandStates } from '@machines/ocpp-command.machine';

describe('OCPP command machine', () => {
  it('queued → sent → an answer; offline only from queued; a late or repeated answer changes nothing', () => {
    expect(nextCommandState('queued', 'SEND')).toBe('sent');
    expect(nextCommandState('queued', 'REFUSE_OFFLINE')).toBe('offline');
    expect(nextCommandState('sent', 'ACCEPTED')).toBe('accepted');
    expect(nextCommandState('sent', 'REJECTED')).toBe('rejected');
    expect(nextCommandState('sent', 'TIME_OUT')).toBe('timedOut');
    expect(nextCommandState('sent', 'FAIL')).toBe('failed');
    expect(nextCommandState('sent', 'REFUSE_OFFLINE')).toBeNull();
    for (const done of ['accepted', 'rejected', 'failed', 'timedOut', 'offline'] as const) {
      for (const event of ['SEND', 'ACCEPTED', 'REJECTED', 'FAIL', 'TIME_OUT'] as const) expect(nextCommandState(done, event)).toBeNull();
    }
    expect(ocppCommandStates).toContain('timedOut');
  });
});

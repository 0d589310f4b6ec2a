import { describe, expect, it } from 'vitest';
import { FIRMWARE_UPDATE_FINAL_STATES, firmwareUpdateStateLabels, firmwareUpdateStates } from '@domain/firmware';
import { firmwareOpenStates, firmwareUpdateMachine, firmwareWaitingStates, nextFirmwareState } from '@machines/firmware-update.machine';

describe('firmware update machine', () => {
  it('requested → sent → accepted → downloading → downloaded → installing → installed', () => {
    const path = [
      ['requested', 'SEND', 'sent'],
      ['sent', 'ACCEPTED', 'accepted'],
      ['accepted', 'DOWNLOADING', 'downloading'],
      ['downloading', 'DOWNLOADED', 'downloaded'],
      ['downloaded', 'INSTALLING', 'installing'],
      ['installing', 'INSTALLED', 'installed'],
    ] as const;
    for (const [from, event, to] of path) expect(nextFirmwareState(from, event)).toBe(to);
  });

  it('a charging charger waits, then is sent; only an update not yet sent is cancelled', () => {
    expect(nextFirmwareState('requested', 'DEFER')).toBe('waitingForSession');
    expect(nextFirmwareState('waitingForSession', 'SEND')).toBe('sent');
    expect(nextFirmwareState('waitingForSession', 'CANCEL')).toBe('cancelled');
    expect(nextFirmwareState('requested', 'CANCEL')).toBe('cancelled');
    expect(nextFirmwareState('sent', 'CANCEL')).toBeNull();
    expect(nextFirmwareState('downloading', 'CANCEL')).toBeNull();
  });

  it('fails at each step the charger reports a failure, times out only while the charger is to report', () => {
    expect(nextFirmwareState('sent', 'FAIL')).toBe('failed');
    expect(nextFirmwareState('accepted', 'DOWNLOAD_FAILED')).toBe('failed');
    expect(nextFirmwareState('downloading', 'DOWNLOAD_FAILED')).toBe('failed');
    expect(nextFirmwareState('downloaded', 'INSTALLATION_FAILED')).toBe('failed');
    expect(nextFirmwareState('installing', 'INSTALLATION_FAILED')).toBe('failed');
    expect([...firmwareWaitingStates].sort()).toEqual(['accepted', 'downloaded', 'downloading', 'installing', 'sent']);
    expect(nextFirmwareState('waitingForSession', 'TIME_OUT')).toBeNull();
  });

  it('a status out of order moves nothing; a final state takes no event', () => {
    expect(nextFirmwareState('accepted', 'INSTALLED')).toBeNull();
    expect(nextFirmwareState('downloading', 'INSTALLING')).toBeNull();
    expect(nextFirmwareState('requested', 'DOWNLOADING')).toBeNull();
    expect(nextFirmwareState('installing', 'DOWNLOADING')).toBeNull();
    for (const done of FIRMWARE_UPDATE_FINAL_STATES) {
      for (const event of ['SEND', 'ACCEPTED', 'FAIL', 'DOWNLOADING', 'INSTALLED', 'TIME_OUT', 'CANCEL'] as const) expect(nextFirmwareState(done, event)).toBeNull();
    }
  });

  it('the domain lists the machine’s states, each with a label, and the final ones are the machine’s', () => {
    expect(Object.keys(firmwareUpdateMachine.config.states ?? {}).sort()).toEqual([...firmwareUpdateStates].sort());
    for (const s of firmwareUpdateStates) expect(firmwareUpdateStateLabels[s]).toBeTruthy();
    expect([...firmwareUpdateStates.filter((s) => !firmwareOpenStates.includes(s))].sort()).toEqual([...FIRMWARE_UPDATE_FINAL_STATES].sort());
  });
});

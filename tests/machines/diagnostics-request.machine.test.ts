import { describe, expect, it } from 'vitest';
import { diagnosticsRequestStates, diagnosticsStateLabels, openDiagnosticsStates } from '@domain/diagnostics';
import { diagnosticsRequestMachine, diagnosticsStatesAccepting, nextDiagnosticsState } from '@machines/diagnostics-request.machine';

describe('diagnostics request machine', () => {
  it('requested → sent → accepted → uploading → uploaded', () => {
    const path = [
      ['requested', 'SEND', 'sent'],
      ['sent', 'ACCEPT', 'accepted'],
      ['accepted', 'UPLOADING', 'uploading'],
      ['uploading', 'UPLOADED', 'uploaded'],
    ] as const;
    for (const [from, event, to] of path) expect(nextDiagnosticsState(from, event)).toBe(to);
  });

  it('takes the charger’s statuses from sent too (a status may come before its answer is recorded)', () => {
    expect(nextDiagnosticsState('sent', 'UPLOADING')).toBe('uploading');
    expect(nextDiagnosticsState('sent', 'UPLOADED')).toBe('uploaded');
    expect(nextDiagnosticsState('sent', 'UPLOAD_FAILED')).toBe('uploadFailed');
    // An answer after a status changes nothing.
    expect(nextDiagnosticsState('uploading', 'ACCEPT')).toBeNull();
  });

  it('ends at once offline or failed, with no file to upload, refused, or timed out while open', () => {
    expect(nextDiagnosticsState('requested', 'REFUSE_OFFLINE')).toBe('offline');
    expect(nextDiagnosticsState('requested', 'FAIL')).toBe('failed');
    expect(nextDiagnosticsState('sent', 'NO_FILE')).toBe('nothingToUpload');
    expect(nextDiagnosticsState('sent', 'REJECT')).toBe('rejected');
    expect(nextDiagnosticsState('sent', 'FAIL')).toBe('failed');
    expect(diagnosticsStatesAccepting('TIME_OUT', diagnosticsRequestStates)).toEqual([...openDiagnosticsStates]);
  });

  it('moves no final state, and every state has words', () => {
    const finals = diagnosticsRequestStates.filter((s) => !openDiagnosticsStates.includes(s));
    const events = ['SEND', 'REFUSE_OFFLINE', 'ACCEPT', 'NO_FILE', 'REJECT', 'FAIL', 'UPLOADING', 'UPLOADED', 'UPLOAD_FAILED', 'TIME_OUT'] as const;
    for (const state of finals) for (const event of events) expect(nextDiagnosticsState(state, event), `${state} ${event}`).toBeNull();
    expect(Object.keys(diagnosticsRequestMachine.config.states ?? {}).sort()).toEqual([...diagnosticsRequestStates].sort());
    for (const state of diagnosticsRequestStates) expect(diagnosticsStateLabels[state]).toBeTruthy();
  });
});

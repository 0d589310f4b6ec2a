/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingResource } from '@domain/resources/bookings/booking';
import { actionOf } from '@domain/resource/define-resource';
import { resources } from '@domain/resource/registry';
import { bookingWorkflow } from '@machines/booking.workflow';
import { downloadWorkflow } from '@machines/download.workflow';
import { workflowOf } from '@machines/workflow-registry';
import { snapshotOf } from '@machines/workflow-snapshot';
import { offeredFor } from '@resources/resource-action';
import { DownloadActions } from '@workflows/downloads/download-actions';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const statesOf = (machine: { config: { states?: object } }) => Object.keys(machine.config.states ?? {});

describe('a record action offered by its workflow', () => {
  it('names an event its resource’s machine accepts in some state, and says no states of its own', () => {
    const declared = resources.flatMap((resource) => resource.actions.filter((a) => a.event).map((action) => ({ resource, action })));
    expect(declared.map(({ resource, action }) => `${resource.name}.${action.name}`)).toEqual(expect.arrayContaining(['bookings.stop-charging', 'bookings.pause-charging', 'bookings.resume-charging']));
    for (const { resource, action } of declared) {
      const workflow = workflowOf(resource.name);
      expect(workflow, `${resource.name} has a workflow for ${action.name}`).toBeDefined();
      expect(statesOf(workflow!.machine).some((state) => snapshotOf(workflow!, { [workflow!.stateField]: state }).can({ type: action.event! })), `${action.event} accepted somewhere`).toBe(true);
      expect(action.when).toBeUndefined();
    }
  });

  it('is offered on a booking exactly in the states its machine accepts the event in (Stop while charging or paused)', () => {
    const offered = (name: string) => statesOf(bookingWorkflow.machine).filter((status) => offeredFor(bookingResource, actionOf(bookingResource, name), { id: 1, status }));
    expect(offered('stop-charging')).toEqual(['CHARGING', 'PAUSED']);
    expect(offered('pause-charging')).toEqual(['CHARGING']);
    expect(offered('resume-charging')).toEqual(['PAUSED']);
  });
});

describe('a download’s actions', () => {
  it('offer Cancel and Retry in the states its machine accepts CANCEL and RETRY in', () => {
    for (const status of statesOf(downloadWorkflow.machine)) {
      const snapshot = snapshotOf(downloadWorkflow, { status });
      const { Wrapper } = renderWith(fakeSession(['ROLE_MANAGE_DOWNLOADS']));
      const { unmount } = render(<DownloadActions record={{ id: 7, status, requestedBy: 'someone-else', rowCount: 10, rowsWritten: 2, version: 0 }} />, { wrapper: Wrapper });
      expect(screen.queryByRole('button', { name: 'Cancel download 7' }) !== null, `Cancel in ${status}`).toBe(snapshot.can({ type: 'CANCEL' }));
      expect(screen.queryByRole('button', { name: 'Retry download 7' }) !== null, `Retry in ${status}`).toBe(snapshot.can({ type: 'RETRY' }));
      unmount();
    }
  });
});

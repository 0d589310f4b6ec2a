import { describe, expect, it } from 'vitest';
import type { SiteInspectionEvent } from '@machines/site-inspection.events';
import { missingForApproval, siteInspectionMachine, type SiteInspectionContext } from '@machines/site-inspection.machine';
import { describeEverySimplePath } from './support/walk-paths';

const events: SiteInspectionEvent[] = [
  { type: 'SAVE_DATA', siteName: 'Forum Mall' },
  { type: 'ADD_IMAGE', image: { id: 'img-1', relativePath: 'uploads/a.png', name: 'a.png' } },
  { type: 'REMOVE_IMAGE', imageId: 'img-1' },
  { type: 'SEND_FOR_APPROVAL' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'Blurred photos' },
  { type: 'CLOSE', closeReason: 'BOOKING_BY_MISTAKE' },
];

describeEverySimplePath({
  machine: siteInspectionMachine,
  events: events as never,
  inputs: [
    { name: 'a complete inspection', input: { missing: [] } },
    { name: 'an inspection missing coordinates', input: { missing: ['Coordinates'] } },
  ],
  // Nothing reaches approval with something missing.
  invariant: (state, snapshot) => {
    if (state === 'SENT_FOR_APPROVAL' || state === 'APPROVED') expect((snapshot.context as SiteInspectionContext).missing).toEqual([]);
  },
});

describe('missingForApproval', () => {
  it('names every missing requirement, and two images at least', () => {
    expect(missingForApproval({})).toHaveLength(8);
    const complete = { siteName: 'a', address: 'b', coordinates: { latitude: 1, longitude: 2 }, hostPhone: '9845022222', powerAvailableKw: 7.4, mounting: 'WALL', protection: 'OTHERS' };
    expect(missingForApproval({ ...complete, images: [{}] })).toEqual(['At least 2 site images']);
    expect(missingForApproval({ ...complete, images: [{}, {}] })).toEqual([]);
  });
});

import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { SiteInspectionEvent } from './site-inspection.events';

/** The fields a site inspection needs before it can be sent for approval, with the words that name them. */
export const siteInspectionRequirements = [
  { field: 'siteName', label: 'Site name' },
  { field: 'address', label: 'Address' },
  { field: 'coordinates', label: 'Coordinates' },
  { field: 'hostPhone', label: 'Host phone' },
  { field: 'powerAvailableKw', label: 'Power available' },
  { field: 'mounting', label: 'Mounting' },
  { field: 'protection', label: 'Protection' },
  { field: 'images', label: 'At least 2 site images' },
] as const;

/** What is still missing on a site inspection record (labels; empty when complete). */
export function missingForApproval(record: Readonly<Record<string, unknown>>): string[] {
  return siteInspectionRequirements
    .filter(({ field }) => {
      const value = record[field];
      if (field === 'images') return !Array.isArray(value) || value.length < 2;
      return value === null || value === undefined || value === '';
    })
    .map((r) => r.label);
}

/** The machine's context: what is still missing (the host computes it from the record). */
export interface SiteInspectionContext {
  missing: readonly string[];
}

/**
 * Site inspection: partially filled (save any time, add and remove images), sent for approval when nothing is
 * missing, then approved or rejected; a rejection goes back to editing. Until approved it can be closed with one of
 * the close reasons. State names are the record's status values.
 */
export const siteInspectionMachine = setup({
  types: {
    context: {} as SiteInspectionContext,
    events: {} as SiteInspectionEvent | EditEvent,
    input: {} as SiteInspectionContext,
  },
  guards: {
    nothingMissing: ({ context }) => context.missing.length === 0,
  },
}).createMachine({
  id: 'siteInspection',
  initial: 'OPEN',
  context: ({ input }) => input,
  states: {
    OPEN: {
      on: {
        ...editableIn('OPEN'),
        SAVE_DATA: 'PARTIALLY_FILLED',
        ADD_IMAGE: 'PARTIALLY_FILLED',
        SEND_FOR_APPROVAL: { guard: 'nothingMissing', target: 'SENT_FOR_APPROVAL' },
        CLOSE: 'CLOSED',
      },
    },
    PARTIALLY_FILLED: {
      on: {
        ...editableIn('PARTIALLY_FILLED'),
        SAVE_DATA: 'PARTIALLY_FILLED',
        ADD_IMAGE: 'PARTIALLY_FILLED',
        REMOVE_IMAGE: 'PARTIALLY_FILLED',
        SEND_FOR_APPROVAL: { guard: 'nothingMissing', target: 'SENT_FOR_APPROVAL' },
        CLOSE: 'CLOSED',
      },
    },
    SENT_FOR_APPROVAL: {
      on: {
        APPROVE: 'APPROVED',
        REJECT: 'PARTIALLY_FILLED',
        CLOSE: 'CLOSED',
      },
    },
    APPROVED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});

// The installation draft (phoneNumber, uniqueId, qrCodeValue, chargePointOperatorId, purposeOfAssigning):
// raw form values filled from the ticket, reset by clearing everything but the unique id.
import { installationTicketResource } from '@domain/resources/tickets/installation-ticket';
import type { FieldDef } from '@domain/resource/field';
import { emptyRaw, fromRaw, toRaw, type RawValue } from '@resources/form-values';

/** The draft's fields, in form order. */
export const installationDraftFields = ['phoneNumber', 'uniqueId', 'qrCodeValue', 'chargePointOperatorId', 'purposeOfAssigning'] as const;
export type InstallationDraftField = (typeof installationDraftFields)[number];
/** Raw values of the draft, as the form holds them. */
export type InstallationDraft = Record<InstallationDraftField, RawValue>;

/** The definition of a draft field (the installation ticket's own field). */
export const draftFieldDef = (field: InstallationDraftField): FieldDef => installationTicketResource.allFields[field]!;

/** The draft as the ticket holds it now (empty fields where the ticket has none). */
export function draftFromTicket(ticket: Readonly<Record<string, unknown>> & { _labels?: Record<string, string | null> }): InstallationDraft {
  return Object.fromEntries(
    installationDraftFields.map((field) => {
      const value = ticket[field];
      return [field, value === null || value === undefined ? emptyRaw(draftFieldDef(field)) : toRaw(draftFieldDef(field), value, ticket._labels?.[field])];
    }),
  ) as InstallationDraft;
}

/** Reset: every field is cleared except the unique id, which the draft keeps. */
export function resetDraft(draft: InstallationDraft): InstallationDraft {
  const cleared = Object.fromEntries(installationDraftFields.map((field) => [field, emptyRaw(draftFieldDef(field))])) as InstallationDraft;
  return { ...cleared, uniqueId: draft.uniqueId };
}

/** The FILL_FORM event of the draft (values read back from the form; empty optional fields left out). */
export function fillFormEvent(draft: InstallationDraft): Record<string, unknown> & { type: 'FILL_FORM' } {
  const event: Record<string, unknown> & { type: 'FILL_FORM' } = { type: 'FILL_FORM' };
  for (const field of installationDraftFields) {
    const value = fromRaw(draftFieldDef(field), draft[field]);
    if (value !== undefined && value !== null && value !== '') event[field] = value;
  }
  return event;
}

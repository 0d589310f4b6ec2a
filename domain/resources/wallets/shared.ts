import { f } from '@domain/resource/field';

export const WM = '/wallet-management';

/**
 * The fields of a request a second person decides (maker–checker): its status (waiting, approved, rejected), who
 * decided and when, the reason of a rejection, and the version its workflow's transitions are checked against.
 * `waiting`: the status and label of a request not yet decided.
 */
export function decisionFields(waiting: { value: string; label: string }, reasonLabel: string) {
  return {
    status: f.choice(
      'Status',
      [
        { ...waiting, tone: 'warning' },
        { value: 'APPROVED', label: 'Approved', tone: 'success' },
        { value: 'REJECTED', label: 'Rejected', tone: 'danger' },
      ],
      { defaultValue: waiting.value },
    ),
    decidedById: f.relation('Decided by', 'users', { idType: 'uuid' }),
    decidedAt: f.datetime('Decided at'),
    reason: f.longText(reasonLabel, { max: 500 }),
    // Optimistic lock of the request's workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  };
}

/** Who owns the decision fields: the workflow and its two events. */
export const decisionOwners = (workflow: string) => ({ status: workflow, decidedById: 'Approve and Reject', decidedAt: 'Approve and Reject', reason: 'Reject' });

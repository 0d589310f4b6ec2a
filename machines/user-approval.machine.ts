import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { UserApprovalEvent } from './user-approval.events';

/**
 * A user's approval: a new sign-up waits as PENDING until staff approve it or reject it with a reason. State names
 * are the user's `approvalStatus` values. An approved user stays editable (email, photo) and is not final, because
 * the account lives on; a rejected one is final.
 */
export const userApprovalMachine = setup({
  types: { events: {} as UserApprovalEvent | EditEvent },
}).createMachine({
  id: 'userApproval',
  initial: 'PENDING',
  states: {
    PENDING: { on: { ...editableIn('PENDING'), APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { on: { ...editableIn('APPROVED') } },
    REJECTED: { type: 'final' },
  },
});

/** The approval states, in the machine's order (the users.approval_status CHECK is generated from them). */
export const userApprovalStates = Object.keys(userApprovalMachine.config.states ?? {}) as ('PENDING' | 'APPROVED' | 'REJECTED')[];

import { describe, expect, it } from 'vitest';
import type { PayoutEvent } from '@machines/payout.events';
import { payoutMachine } from '@machines/payout.machine';
import { payoutWorkflow } from '@machines/payout.workflow';
import { describeEverySimplePath } from './support/walk-paths';

const events: PayoutEvent[] = [
  { type: 'START_PROCESSING' },
  { type: 'MARK_PAID', reference: 'UTIBN00000000009' },
  { type: 'MARK_FAILED', reason: 'Beneficiary account closed' },
  { type: 'RETRY' },
  { type: 'CANCEL', reason: 'Amount moved to the next settlement' },
];

describeEverySimplePath({ machine: payoutMachine, events: events as never });

describe('payout workflow', () => {
  it('needs ROLE_UPDATE_PAYOUT for every step, keeps the bank reference when paid and clears it on retry', () => {
    expect(new Set(Object.values(payoutWorkflow.permissions))).toEqual(new Set(['ROLE_UPDATE_PAYOUT']));
    expect(payoutWorkflow.patchOf?.({ type: 'MARK_PAID', reference: 'UTR9' }, {})).toEqual({ reference: 'UTR9' });
    expect(payoutWorkflow.patchOf?.({ type: 'RETRY' }, { reference: 'UTR9' })).toEqual({ reference: null });
  });
});

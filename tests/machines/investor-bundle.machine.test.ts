import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import type { InvestorBundleEvent } from '@machines/investor-bundle.events';
import { investorBundleMachine } from '@machines/investor-bundle.machine';
import { investorBundleWorkflow } from '@machines/investor-bundle.workflow';
import { snapshotOf } from '@machines/workflow-snapshot';
import { describeEverySimplePath } from './support/walk-paths';

const price = 52_00_000_00;
const events: InvestorBundleEvent[] = [
  { type: 'SIGN_AGREEMENT', agreementReference: 'CZ/IA/2026/001', agreementSignedOn: '2026-03-02' },
  { type: 'RECORD_PAYMENT', amountReceived: price, paymentReference: 'UTIB000012345678' },
  { type: 'DEPLOY' },
  { type: 'CANCEL', reason: 'Investor withdrew before paying' },
];
const paid = { price, hasAgreement: true, amountReceived: price, hasPaymentReference: true };

describeEverySimplePath({ machine: investorBundleMachine, events: events as never, inputs: [{ name: 'with its data on record', input: paid }] });

describe('investor bundle workflow', () => {
  const record = (status: string, extra: Record<string, unknown> = {}) => ({ status, price, ...extra });

  it('needs ROLE_UPDATE_INVESTOR_BUNDLES for every step and writes what signing and paying bring', () => {
    expect(new Set(Object.values(investorBundleWorkflow.permissions))).toEqual(new Set(['ROLE_UPDATE_INVESTOR_BUNDLES']));
    expect(investorBundleWorkflow.patchOf?.(events[0]!, {})).toEqual({ agreementReference: 'CZ/IA/2026/001', agreementSignedOn: '2026-03-02' });
    expect(investorBundleWorkflow.patchOf?.(events[1]!, {})).toEqual({ amountReceived: price, paymentReference: 'UTIB000012345678' });
  });

  it('takes a payment only of the full price, and deploys only with the payment on record', () => {
    const signed = snapshotOf(investorBundleWorkflow, record('AGREEMENT_SIGNED', { agreementReference: 'A1', agreementSignedOn: '2026-03-02' }));
    expect(signed.can({ type: 'RECORD_PAYMENT', amountReceived: price - 1, paymentReference: 'U1' })).toBe(false);
    expect(String(getNextSnapshot(investorBundleMachine, signed, events[1]!).value)).toBe('PAYMENT_RECEIVED');
    expect(investorBundleWorkflow.refusal?.('RECORD_PAYMENT', record('AGREEMENT_SIGNED', { agreementReference: 'A1', agreementSignedOn: '2026-03-02' }), { amountReceived: price - 100 })).toMatch(/is not the bundle's price/);
    expect(snapshotOf(investorBundleWorkflow, record('PAYMENT_RECEIVED')).can({ type: 'DEPLOY' })).toBe(false);
    expect(snapshotOf(investorBundleWorkflow, record('PAYMENT_RECEIVED', { amountReceived: price, paymentReference: 'U1' })).can({ type: 'DEPLOY' })).toBe(true);
    expect(snapshotOf(investorBundleWorkflow, record('PAYMENT_RECEIVED', { amountReceived: price })).can({ type: 'CANCEL', reason: 'Too late' })).toBe(false);
  });
});

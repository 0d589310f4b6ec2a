import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { InvestorBundleEvent } from './investor-bundle.events';

/** What the investor bundle machine judges its guards on: the bundle's price and what it holds of the agreement and the payment. */
export interface InvestorBundleContext {
  /** The bundle's price in paise. */
  price: number;
  /** True when the record holds the agreement's reference and signing date. */
  hasAgreement: boolean;
  /** The amount received in paise (null before the payment is recorded). */
  amountReceived: number | null;
  /** True when the record holds the payment's bank reference. */
  hasPaymentReference: boolean;
}

/** Whether a RECORD_PAYMENT event's amount is the price (an event without an amount is only being asked about). */
export function paysInFull(context: InvestorBundleContext, event: { amountReceived?: unknown }): boolean {
  return event.amountReceived === undefined || event.amountReceived === context.price;
}

/**
 * An investor bundle (chargers sold to an investor): proposed, the agreement signed (its reference and date come
 * with the event), the payment received (exactly the price, with its bank reference; another amount is refused),
 * then deployed once the money is in. It can be cancelled, with a reason, until the payment is received (after that
 * the money would have to go back first). Its terms stay editable until the payment. State names are the status values.
 */
export const investorBundleMachine = setup({
  types: { context: {} as InvestorBundleContext, events: {} as InvestorBundleEvent | EditEvent, input: {} as InvestorBundleContext },
  guards: {
    paidInFull: ({ context, event }) => context.hasAgreement && paysInFull(context, event as { amountReceived?: unknown }),
    paymentOnRecord: ({ context }) => context.amountReceived === context.price && context.hasPaymentReference,
  },
}).createMachine({
  id: 'investorBundle',
  initial: 'PROPOSED',
  context: ({ input }) => input,
  states: {
    PROPOSED: { on: { ...editableIn('PROPOSED'), SIGN_AGREEMENT: 'AGREEMENT_SIGNED', CANCEL: 'CANCELLED' } },
    AGREEMENT_SIGNED: { on: { ...editableIn('AGREEMENT_SIGNED'), RECORD_PAYMENT: { guard: 'paidInFull', target: 'PAYMENT_RECEIVED' }, CANCEL: 'CANCELLED' } },
    PAYMENT_RECEIVED: { on: { DEPLOY: { guard: 'paymentOnRecord', target: 'DEPLOYED' } } },
    DEPLOYED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});

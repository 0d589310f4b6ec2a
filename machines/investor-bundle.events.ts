import { z } from 'zod';
import { investorBundleResource } from '@domain/resources/investments/investor-bundle';
import { reasonSchema } from './ticket-close.events';

const field = (name: string) => investorBundleResource.allFields[name]!.input;

/**
 * Every event of the investor bundle machine, by type. Signing brings the agreement's reference and date; recording
 * the payment brings the amount received and its bank reference; a cancellation says why.
 */
export const investorBundleEventSchemas = {
  SIGN_AGREEMENT: z.strictObject({
    type: z.literal('SIGN_AGREEMENT'),
    agreementReference: field('agreementReference'),
    agreementSignedOn: field('agreementSignedOn'),
  }),
  RECORD_PAYMENT: z.strictObject({
    type: z.literal('RECORD_PAYMENT'),
    amountReceived: field('amountReceived'),
    paymentReference: field('paymentReference'),
  }),
  DEPLOY: z.strictObject({ type: z.literal('DEPLOY') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason: reasonSchema }),
} as const;

export type InvestorBundleEvent = z.input<(typeof investorBundleEventSchemas)[keyof typeof investorBundleEventSchemas]>;

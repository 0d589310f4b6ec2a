import { formatInrExact } from '@domain/invoices';
import type { RecordWorkflow } from './record-workflow';
import { investorBundleEventSchemas } from './investor-bundle.events';
import { investorBundleMachine, paysInFull, type InvestorBundleContext } from './investor-bundle.machine';

const update = 'ROLE_UPDATE_INVESTOR_BUNDLES' as const;
const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The machine's context for a stored investor bundle. */
export function investorBundleContextOf(record: Readonly<Record<string, unknown>>): InvestorBundleContext {
  return {
    price: Number(record.price ?? 0),
    hasAgreement: present(record.agreementReference) && present(record.agreementSignedOn),
    amountReceived: present(record.amountReceived) ? Number(record.amountReceived) : null,
    hasPaymentReference: present(record.paymentReference),
  };
}

/** The investor bundle machine bound to investor-bundles (the Finance family's one permission for them). */
export const investorBundleWorkflow: RecordWorkflow = {
  resource: 'investor-bundles',
  stateField: 'status',
  machine: investorBundleMachine,
  eventSchemas: investorBundleEventSchemas,
  permissions: { SIGN_AGREEMENT: update, RECORD_PAYMENT: update, DEPLOY: update, CANCEL: update },
  contextOf: investorBundleContextOf,
  patchOf: (event) => {
    if (event.type === 'SIGN_AGREEMENT') return { agreementReference: event.agreementReference, agreementSignedOn: event.agreementSignedOn };
    if (event.type === 'RECORD_PAYMENT') return { amountReceived: event.amountReceived, paymentReference: event.paymentReference };
    return {};
  },
  refusal: (eventType, record, event) => {
    const context = investorBundleContextOf(record);
    if (eventType === 'RECORD_PAYMENT' && String(record.status) === 'AGREEMENT_SIGNED') {
      if (!context.hasAgreement) return 'The bundle has no agreement reference and date on record: it cannot take a payment.';
      if (event && !paysInFull(context, event)) {
        return `The amount received, ${formatInrExact(Number(event.amountReceived))}, is not the bundle's price, ${formatInrExact(context.price)}. Record the payment once the full price has been received.`;
      }
    }
    if (eventType === 'DEPLOY' && String(record.status) === 'PAYMENT_RECEIVED') return 'The bundle has no full payment on record (the price and its bank reference): it cannot be deployed.';
    return undefined;
  },
};

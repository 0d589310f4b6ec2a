import { z } from 'zod';
import { installationTicketResource } from '@domain/resources/tickets/installation-ticket';

const formField = (name: string) => installationTicketResource.allFields[name]!.input;
const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

/** FILL_FORM: the installation form (saved again as often as needed before approval). */
export const fillFormEventSchema = z.strictObject({
  type: z.literal('FILL_FORM'),
  phoneNumber: formField('phoneNumber'),
  uniqueId: formField('uniqueId'),
  qrCodeValue: formField('qrCodeValue').optional(),
  chargePointOperatorId: formField('chargePointOperatorId').optional(),
  purposeOfAssigning: formField('purposeOfAssigning'),
});

/** Every event of the charger installation machine, by type. */
export const installationEventSchemas = {
  FILL_FORM: fillFormEventSchema,
  SEND_FOR_APPROVAL: z.strictObject({ type: z.literal('SEND_FOR_APPROVAL') }),
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason }),
  MARK_INSTALLED: z.strictObject({ type: z.literal('MARK_INSTALLED') }),
  FORCE_CLOSE: z.strictObject({ type: z.literal('FORCE_CLOSE'), reason }),
} as const;

export type InstallationEvent = z.input<(typeof installationEventSchemas)[keyof typeof installationEventSchemas]>;

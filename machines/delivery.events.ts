import { z } from 'zod';
import { deliveryItemFields, deliveryTicketResource } from '@domain/resources/tickets/delivery-ticket';

const field = (name: string) => deliveryTicketResource.allFields[name]!.input;
const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

/** ADD_ITEM: one line of goods on the delivery (the ticket service's delivery-ticket add-item). */
export const addItemEventSchema = z.strictObject({
  type: z.literal('ADD_ITEM'),
  name: deliveryItemFields.name.input,
  quantity: deliveryItemFields.quantity.input,
  serialNumber: deliveryItemFields.serialNumber.input.optional(),
});

/** Every event of the delivery machine (its update-status and retry-delivery), by type. */
export const deliveryEventSchemas = {
  ADD_ITEM: addItemEventSchema,
  PACK: z.strictObject({ type: z.literal('PACK') }),
  DISPATCH: z.strictObject({ type: z.literal('DISPATCH'), courier: field('courier'), awbNumber: field('awbNumber') }),
  MARK_DELIVERED: z.strictObject({ type: z.literal('MARK_DELIVERED') }),
  MARK_FAILED: z.strictObject({ type: z.literal('MARK_FAILED'), reason }),
  RETRY_DELIVERY: z.strictObject({ type: z.literal('RETRY_DELIVERY') }),
  RETURN: z.strictObject({ type: z.literal('RETURN'), reason }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason }),
} as const;

export type DeliveryEvent = z.input<(typeof deliveryEventSchemas)[keyof typeof deliveryEventSchemas]>;

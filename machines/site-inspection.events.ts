import { z } from 'zod';
import { siteInspectionTicketResource } from '@domain/resources/tickets/site-inspection-ticket';
import { imageRefSchema } from '@domain/resource/field';
import { closeEventSchema } from './ticket-close.events';

const inspectionField = (name: string) => siteInspectionTicketResource.allFields[name]!.input.optional();

/** SAVE_DATA: save any part of the inspection at any time (partially filled); each field checked by its definition. */
export const saveDataEventSchema = z.strictObject({
  type: z.literal('SAVE_DATA'),
  siteName: inspectionField('siteName'),
  address: inspectionField('address'),
  coordinates: inspectionField('coordinates'),
  hostPhone: inspectionField('hostPhone'),
  powerAvailableKw: inspectionField('powerAvailableKw'),
  mounting: inspectionField('mounting'),
  protection: inspectionField('protection'),
  parkingType: inspectionField('parkingType'),
});
/** ADD_IMAGE: an image uploaded through the upload service. */
export const addImageEventSchema = z.strictObject({ type: z.literal('ADD_IMAGE'), image: imageRefSchema });
/** REMOVE_IMAGE: removes one image by its id. */
export const removeImageEventSchema = z.strictObject({ type: z.literal('REMOVE_IMAGE'), imageId: z.string().min(1).max(100) });
/** SEND_FOR_APPROVAL: accepted only when nothing required is missing. */
export const sendForApprovalEventSchema = z.strictObject({ type: z.literal('SEND_FOR_APPROVAL') });
/** APPROVE: the inspection is accepted. */
export const approveEventSchema = z.strictObject({ type: z.literal('APPROVE') });
/** REJECT: back to editing, with the reason the inspector must address. */
export const rejectEventSchema = z.strictObject({ type: z.literal('REJECT'), reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500) });

/** Every event of the site inspection machine, by type. */
export const siteInspectionEventSchemas = {
  SAVE_DATA: saveDataEventSchema,
  ADD_IMAGE: addImageEventSchema,
  REMOVE_IMAGE: removeImageEventSchema,
  SEND_FOR_APPROVAL: sendForApprovalEventSchema,
  APPROVE: approveEventSchema,
  REJECT: rejectEventSchema,
  CLOSE: closeEventSchema,
} as const;

export type SiteInspectionEvent = z.input<(typeof siteInspectionEventSchemas)[keyof typeof siteInspectionEventSchemas]>;
export type SiteInspectionEventType = keyof typeof siteInspectionEventSchemas;

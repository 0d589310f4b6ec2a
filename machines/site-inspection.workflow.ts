import type { ImageRef } from '@domain/resource/field';
import type { RecordWorkflow } from './record-workflow';
import { siteInspectionEventSchemas } from './site-inspection.events';
import { missingForApproval, siteInspectionMachine } from './site-inspection.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

/** The site inspection machine bound to site inspection tickets. */
export const siteInspectionWorkflow: RecordWorkflow = {
  resource: 'site-inspection-tickets',
  stateField: 'status',
  machine: siteInspectionMachine,
  eventSchemas: siteInspectionEventSchemas,
  permissions: {
    SAVE_DATA: 'ROLE_ADD_SITE_INSPECTION_DATA',
    ADD_IMAGE: 'ROLE_ADD_SITE_INSPECTION_IMAGE',
    REMOVE_IMAGE: 'ROLE_REMOVE_SITE_INSPECTION_IMAGE',
    SEND_FOR_APPROVAL: 'ROLE_SEND_SITE_INSPECTION_FOR_APPROVAL',
    APPROVE: 'ROLE_APPROVE_SITE_INSPECTION',
    REJECT: 'ROLE_REJECT_SITE_INSPECTION',
    CLOSE: 'ROLE_CLOSE_TICKET',
  },
  contextOf: (record) => ({ missing: missingForApproval(record) }),
  patchOf: (event, record) => {
    const images = (record.images as ImageRef[] | null) ?? [];
    switch (event.type) {
      case 'SAVE_DATA': {
        const { type: _type, ...fields } = event;
        return fields;
      }
      case 'ADD_IMAGE':
        return { images: [...images, event.image as ImageRef] };
      case 'REMOVE_IMAGE':
        return { images: images.filter((image) => image.id !== event.imageId) };
      default:
        return closePatch(event);
    }
  },
  reasonOf: ticketReasonOf,
  refusal: (eventType, record) => {
    if (eventType !== 'SEND_FOR_APPROVAL') return undefined;
    const missing = missingForApproval(record);
    return missing.length > 0 ? `Still missing: ${missing.join(', ')}.` : undefined;
  },
};

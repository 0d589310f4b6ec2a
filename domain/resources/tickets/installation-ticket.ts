import { f, optionsOf } from '@domain/resource/field';
import { kindResource, CM } from './shared';

/** Why an installation ticket was assigned (a field of the installation draft). */
export const installationPurposes = ['INSTALLATION', 'DELIVERY'] as const;

/** Charger installation: installing a charger at a host's site (its installation form). */
export const installationTicketResource = kindResource({
  kind: 'INSTALLATION',
  name: 'installation-tickets',
  title: 'Charger installation ticket',
  plural: 'Charger installation tickets',
  path: 'charger-installation',
  fields: {
    phoneNumber: f.phone('Host phone number', { required: true }),
    uniqueId: f.code('Charger unique id', { required: true, max: 64 }),
    qrCodeValue: f.text('QR code value', { max: 200 }),
    chargePointOperatorId: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid' }),
    purposeOfAssigning: f.choice('Purpose', optionsOf(installationPurposes), { required: true, display: 'badge' }),
  },
  columns: ['uniqueId', 'phoneNumber', 'purposeOfAssigning', 'chargePointOperatorId'],
  hiddenColumns: ['chargePointOperatorId', 'purposeOfAssigning'],
  exact: ['phoneNumber', 'uniqueId'],
  view: 'ROLE_VIEW_CHARGER_INSTALLATION_TICKETS',
  // Created through the API; the console's tickets/{id}/installation/add flow belongs to the installation workflow.
  create: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
  update: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
  updateFields: ['phoneNumber', 'uniqueId', 'qrCodeValue', 'chargePointOperatorId', 'purposeOfAssigning'],
  // The status moves only through the installation machine (machines/installation.machine.ts).
  scopes: {
    ready: { title: 'Ready for installation', where: [{ field: 'status', op: 'eq', value: 'READY_FOR_INSTALLATION' }], permission: 'ROLE_VIEW_READY_FOR_INSTALLATION' },
    all: { title: 'All installations', where: [], permission: 'ROLE_VIEW_ALL_INSTALLATIONS' },
  },
  views: [
    { path: `${CM}/installation`, title: 'Charger Installations' },
    { path: '/installation-management/ready-for-install', title: 'Ready for installation', scope: 'ready' },
    { path: '/installation-management/all-installation', title: 'All installations', scope: 'all' },
  ],
  detailPath: `${CM}/installation/:id`,
});

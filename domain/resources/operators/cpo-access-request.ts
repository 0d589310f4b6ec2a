import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { CPO } from './shared';

/** Console access request states (ours). */
export const accessRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/**
 * Requests from operators' staff for access to the console: read-only but for their status, which moves only along
 * the CPO access request machine (approve, or reject with a reason; machines/cpo-access-request.machine.ts).
 */
export const cpoAccessRequestResource = defineResource({
  name: 'cpo-access-requests',
  title: 'CPO access request',
  plural: 'CPO access requests',
  service: '/cpo-service',
  path: 'cpo-access-request',
  table: 'cpo_access_requests',
  labelField: 'requesterName',
  fields: {
    chargePointOperatorId: f.relation('Operator', 'charge-point-operators', { idType: 'uuid', required: true }),
    requesterName: f.text('Requester', { required: true, max: 120 }),
    requesterPhone: f.phone('Requester phone', { required: true }),
    requesterEmail: f.email('Requester email'),
    status: f.choice('Status', optionsOf(accessRequestStatuses, { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
    // Optimistic lock of the CPO access request workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'chargePointOperatorId' },
      { field: 'requesterName' },
      { field: 'requesterPhone' },
      { field: 'requesterEmail', hidden: true },
      { field: 'status' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id', 'requesterPhone'], text: ['requesterName'] },
  permissions: { view: 'ROLE_VIEW_CPO_ACCESS_REQUEST' },
  owned: { status: 'the CPO access request workflow' },
  views: [{ path: `${CPO}/cpo-access-request`, title: 'CPO Access Request' }],
  readOnly: true,
});

import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { UM } from '../users/shared';

/** States of a host support request. */
export const HOST_SUPPORT_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
/** Priorities of a host support request. */
export const HOST_SUPPORT_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;

/**
 * Requests hosts raise about their premises, payouts or chargers. The status moves only along the host support
 * request machine (start, resolve with a resolution note, reopen, close with a reason;
 * machines/host-support-request.machine.ts), which also owns the resolution note.
 */
export const hostSupportRequestResource = defineResource({
  name: 'host-support-requests',
  title: 'Host support request',
  plural: 'Host support requests',
  service: '/user-service',
  path: 'host-support',
  table: 'host_support_requests',
  labelField: 'subject',
  fields: {
    hostId: f.relation('Host', 'hosts', { required: true }),
    subject: f.text('Subject', { required: true, max: 200 }),
    description: f.longText('Description', { max: 2000 }),
    status: f.choice('Status', optionsOf(HOST_SUPPORT_STATUSES, { OPEN: 'warning', IN_PROGRESS: 'info', RESOLVED: 'success', CLOSED: 'neutral' }), { defaultValue: 'OPEN' }),
    priority: f.choice('Priority', optionsOf(HOST_SUPPORT_PRIORITIES, { HIGH: 'warning', URGENT: 'danger' }), { defaultValue: 'MEDIUM', display: 'badge' }),
    resolution: f.longText('Resolution', { max: 2000 }),
    // Optimistic lock of the host support request workflow (every transition and edit sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'subject' }, { field: 'hostId' }, { field: 'status' }, { field: 'priority' }, { field: 'createdAt' }],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'priority', kind: 'select' },
      { field: 'hostId', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id'], text: ['subject'] },
  form: [{ title: 'Request', fields: ['hostId', 'subject', 'description', 'priority'] }],
  update: ['subject', 'description', 'priority'],
  owned: { status: 'the host support request workflow', resolution: 'the Resolve event of the host support request workflow' },
  permissions: { view: 'ROLE_VIEW_HOST_SUPPORT', create: 'ROLE_UPDATE_HOST_SUPPORT', update: 'ROLE_UPDATE_HOST_SUPPORT' },
  scopes: { open: { title: 'Open requests', where: [{ field: 'status', op: 'in', values: ['OPEN', 'IN_PROGRESS'] }] } },
  views: [{ path: `${UM}/host-support`, title: 'Host Support' }],
});

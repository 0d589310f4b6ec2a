import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from './shared';

/** Connector kinds (the foundation's socket_types table, keyed by code; the global data call reads it). */
export const socketTypeResource = defineResource({
  name: 'socket-types',
  title: 'Socket type',
  plural: 'Socket types',
  service: '/config',
  path: 'socket-type',
  table: 'socket_types',
  id: { field: 'code', type: 'text' },
  labelField: 'displayText',
  fields: {
    code: f.code('Code', { required: true, max: 40, help: 'Upper-case identifier chargers refer to, e.g. TYPE_2; cannot change later' }),
    displayText: f.text('Display text', { required: true, max: 80 }),
    imageRelativePath: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'imageRelativePath' }, { field: 'code' }, { field: 'displayText' }, { field: 'isActive' }, { field: 'updatedAt', hidden: true }],
    filters: [{ field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'code', dir: 'asc' },
    sortable: ['displayText', 'createdAt'],
  },
  search: { exact: ['code'], text: ['displayText'] },
  form: [{ title: 'Socket type', fields: ['code', 'displayText', 'imageRelativePath'] }],
  update: ['displayText', 'imageRelativePath'],
  permissions: { view: 'ROLE_VIEW_SOCKET_TYPE', create: 'ROLE_UPDATE_SOCKET_TYPE', update: 'ROLE_UPDATE_SOCKET_TYPE', activate: 'ROLE_UPDATE_SOCKET_TYPE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/socket-types`, title: 'All Socket Types' }],
  createPath: `${GD}/socket-types/add`,
});

import { z } from 'zod';
import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { withInput, CPO } from './shared';

/** White-label app states. */
export const whiteLabelStatuses = ['SUBMITTED', 'IN_REVIEW', 'BUILDING', 'LIVE', 'REJECTED'] as const;

/** White-label app applications: an operator's own branded charging app. */
export const whiteLabelApplicationResource = defineResource({
  name: 'white-label-applications',
  title: 'White-label application',
  plural: 'White-label applications',
  service: '/config',
  path: 'white-label-application',
  table: 'white_label_applications',
  labelField: 'appName',
  fields: {
    chargePointOperatorId: f.relation('Operator', 'charge-point-operators', { idType: 'uuid', required: true }),
    appName: f.text('App name', { required: true, max: 60 }),
    packageId: withInput(
      f.text('Package id', { required: true, unique: true, max: 150 }),
      z
        .string({ error: 'This field is required' })
        .trim()
        .max(150)
        .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'Use a package id such as com.operator.charging'),
    ),
    brandColour: withInput(
      f.text('Brand colour', { required: true, max: 7, help: 'A hex colour such as #0B8043' }),
      z.string({ error: 'This field is required' }).trim().regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour as # and six hex digits'),
    ),
    domain: withInput(
      f.text('Domain', { max: 253 }),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as charge.example.in'),
    ),
    logo: f.image('Logo'),
    status: f.choice('Status', optionsOf(whiteLabelStatuses, { SUBMITTED: 'info', IN_REVIEW: 'warning', BUILDING: 'warning', LIVE: 'success', REJECTED: 'danger' }), {
      defaultValue: 'SUBMITTED',
    }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'logo' },
      { field: 'appName' },
      { field: 'chargePointOperatorId' },
      { field: 'packageId' },
      { field: 'brandColour', hidden: true },
      { field: 'domain' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'appName', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['appName'],
  },
  search: { exact: ['id', 'packageId', 'domain'], text: ['appName'] },
  form: [
    { title: 'Application', fields: ['chargePointOperatorId', 'appName', 'packageId', 'domain'] },
    { title: 'Brand', fields: ['brandColour', 'logo', 'status'] },
  ],
  permissions: { view: 'ROLE_VIEW_WHITE_LABEL', create: 'ROLE_UPDATE_WHITE_LABEL', update: 'ROLE_UPDATE_WHITE_LABEL', activate: 'ROLE_UPDATE_WHITE_LABEL' },
  activeField: 'isActive',
  views: [{ path: `${CPO}/white-label`, title: 'White Label Management' }],
  createPath: `${CPO}/white-label/add`,
});

import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { UM } from '../users/shared';

/** Host business types. */
export const HOST_BUSINESS_TYPES = ['PREMISE_OWNER', 'NETWORK_BUYER_IP', 'INVESTMENT_PLATFORM', 'NETWORK_BUYER_WITH_WHITELABEL_APP_IP'] as const;
/** KYC review states of a host. */
export const KYC_STATUSES = ['PENDING', 'SUBMITTED', 'VERIFIED', 'REJECTED'] as const;

/** Hosts: people and businesses who own the premises chargers stand on (one host record per user). */
export const hostResource = defineResource({
  name: 'hosts',
  title: 'Host',
  plural: 'Hosts',
  service: '/user-service',
  path: 'host',
  table: 'hosts',
  labelField: 'businessName',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true, unique: true }),
    businessName: f.text('Business name', { required: true, max: 160 }),
    businessType: f.choice('Business type', optionsOf(HOST_BUSINESS_TYPES), { required: true, display: 'badge' }),
    contactNumber: f.phone('Contact number', { required: true }),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    gstin: f.code('GSTIN', { max: 15, unique: true }),
    kycStatus: f.choice('KYC status', optionsOf(KYC_STATUSES, { PENDING: 'neutral', SUBMITTED: 'info', VERIFIED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'businessName' },
      { field: 'userId' },
      { field: 'contactNumber' },
      { field: 'businessType' },
      { field: 'cityId' },
      { field: 'gstin', hidden: true },
      { field: 'kycStatus' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'businessType', kind: 'select' },
      { field: 'kycStatus', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['businessName'],
  },
  search: { exact: ['id', 'contactNumber', 'gstin'], text: ['businessName'], prefix: ['contactNumber'] },
  form: [
    { title: 'Host', fields: ['userId', 'businessName', 'businessType', 'contactNumber', 'cityId'] },
    { title: 'KYC', fields: ['gstin', 'kycStatus'] },
  ],
  update: ['businessName', 'businessType', 'contactNumber', 'cityId', 'gstin', 'kycStatus'],
  permissions: { view: 'ROLE_VIEW_HOSTS', create: 'ROLE_UPDATE_HOST', update: 'ROLE_UPDATE_HOST', activate: 'ROLE_UPDATE_HOST' },
  activeField: 'isActive',
  views: [{ path: `${UM}/hosts`, title: 'All Host' }],
  related: [
    { resource: 'bank-details', field: 'hostId', title: 'Bank details' },
    { resource: 'host-support-requests', field: 'hostId', title: 'Support requests' },
  ],
});

import { chargerPowerTypeOptions } from '@domain/charger-power-types';
import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';

/** Order statuses, in the order an order moves through them. */
export const orderStatuses = ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
/** Order statuses after which nothing is left to do. */
export const closedOrderStatuses = ['DELIVERED', 'CANCELLED'] as const;
/** The fixed tag list of orders. */
export const orderTags = ['BULK_ORDER', 'CORPORATE', 'HOST_PARTNER', 'FLEET', 'PRIORITY', 'GIFT', 'NEEDS_FOLLOW_UP', 'PAYMENT_PENDING', 'INSTALLATION_REQUIRED'] as const;

/** Charger orders placed by customers, hosts and fleets. */
export const orderResource = defineResource({
  name: 'orders',
  title: 'Order',
  plural: 'Orders',
  service: '/lms',
  path: 'order',
  table: 'orders',
  labelField: 'orderNumber',
  createdByField: 'createdBy',
  fields: {
    orderNumber: f.code('Order number', { required: true, unique: true, max: 40 }),
    customerName: f.text('Customer name', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    product: f.choice('Product', chargerPowerTypeOptions, { required: true, display: 'text' }),
    quantity: f.int('Quantity', { required: true, min: 1, max: 1000 }),
    amount: f.money('Amount', { required: true }),
    status: f.choice(
      'Status',
      optionsOf(orderStatuses, { PLACED: 'info', CONFIRMED: 'warning', PACKED: 'warning', SHIPPED: 'warning', DELIVERED: 'success', CANCELLED: 'danger' }),
      { defaultValue: 'PLACED' },
    ),
    tags: f.choices('Tags', optionsOf(orderTags)),
    deliveryAddress: f.longText('Delivery address', { max: 500 }),
    city: f.relation('City', 'cities', { idType: 'uuid' }),
    assignee: f.relation('Assignee', 'users', { idType: 'uuid' }),
    createdBy: f.relation('Created by', 'users', { idType: 'uuid', readOnly: true }),
    /** Optimistic lock: every workflow event and edit moves it on; one sent with an older one is refused. */
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'orderNumber' },
      { field: 'customerName' },
      { field: 'phone' },
      { field: 'product' },
      { field: 'quantity' },
      { field: 'amount' },
      { field: 'status' },
      { field: 'tags', hidden: true },
      { field: 'city' },
      { field: 'assignee' },
      { field: 'deliveryAddress', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'product', kind: 'select' },
      { field: 'city', kind: 'relation' },
      { field: 'assignee', kind: 'relation' },
      { field: 'tags', kind: 'select' },
      { field: 'amount', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['createdAt', 'amount'],
  },
  search: { exact: ['id', 'orderNumber', 'phone'], text: ['customerName'], prefix: ['orderNumber'] },
  form: [{ title: 'Order', fields: ['tags', 'assignee'] }],
  create: [],
  update: ['tags', 'assignee'],
  owned: { status: 'the order workflow' },
  permissions: { view: 'ROLE_VIEW_ALL_ORDERS', update: 'ROLE_UPDATE_ORDER_STATUS' },
  related: [{ resource: 'delivery-tickets', field: 'orderId', title: 'Deliveries' }],
  scopes: {
    open: { title: 'Open orders', where: [{ field: 'status', op: 'notIn', values: closedOrderStatuses }], permission: 'ROLE_VIEW_OPEN_ORDERS' },
    mine: {
      title: 'My orders',
      where: [{ op: 'anyOf', conditions: [{ field: 'assignee', op: 'isCurrentUser' }, { field: 'createdBy', op: 'isCurrentUser' }] }],
      permission: 'ROLE_VIEW_MY_ORDERS',
    },
  },
  views: [
    { path: '/order-management/all-orders', title: 'All Orders' },
    { path: '/order-management/open-orders', title: 'Open Orders', scope: 'open' },
    { path: '/order-management/my-orders', title: 'My Orders', scope: 'mine' },
    { path: '/order-management/orders', title: 'Orders' },
  ],
  detailPath: '/order-management/all-orders/:id',
});

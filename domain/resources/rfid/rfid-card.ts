import { z } from 'zod';
import { defineResource } from '@domain/resource/define-resource';
import { type FieldDef, f } from '@domain/resource/field';
import { RM } from '../chargers/shared';

/** The permissions of Add RFID card and Remove RFID card. */
export const ADD_RFID_CARD_PERMISSION = 'ROLE_ADD_RFID_CARD' as const;
export const REMOVE_RFID_CARD_PERMISSION = 'ROLE_REMOVE_RFID_CARD' as const;

/** What a card number may be: the card's UID or printed number, 4 to 20 letters or digits (an OCPP idTag is at most 20). */
export const RFID_CARD_NUMBER_MESSAGE = 'Use 4 to 20 letters or digits, without spaces (e.g. 04A3B2C1)';
const rfidCardNumberInput = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, { error: 'This field is required', abort: true })
  .regex(/^[A-Za-z0-9]{4,20}$/, RFID_CARD_NUMBER_MESSAGE);

/** A card number as staff type it: checked here, stored upper-case by the server (`normaliseCardNumber`). */
const rfidCardNumber = (opts: { unique?: boolean } = {}): FieldDef => ({
  ...f.code('Card number', { required: true, max: 20, help: 'The number printed on the card or its UID: 4 to 20 letters or digits.', ...opts }),
  input: rfidCardNumberInput,
});

/** The stored form of a card number: trimmed, upper-case (card UIDs are hex; readers send either case). */
export function normaliseCardNumber(value: string): string {
  return value.trim().toUpperCase();
}

const rfidRemoveReason = f.longText('Reason', { required: true, max: 500, help: 'Recorded in RFID History.' });

/**
 * RFID cards on users' accounts (user-service `rfid-card`): one row per card and holder, from Add RFID card until
 * Remove RFID card. A card is held by one user at a time: a unique index on the card numbers of held rows
 * (migration 0013). Rows change only through those two actions, each writing RFID History; OCPP Authorize accepts a
 * held card that is not blocked (server/ocpp/authorisation-store.ts reads the history they write).
 */
export const rfidCardResource = defineResource({
  name: 'rfid-cards',
  title: 'RFID card',
  plural: 'RFID cards',
  service: '/user-service',
  path: 'rfid-card',
  table: 'rfid_cards',
  labelField: 'cardNumber',
  fields: {
    cardNumber: rfidCardNumber(),
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    held: f.boolean('On the account', { defaultValue: true }),
    blocked: f.boolean('Blocked', { defaultValue: false }),
    addedAt: f.datetime('Added', { required: true, readOnly: true }),
    addedById: f.relation('Added by', 'users', { idType: 'uuid' }),
    removedAt: f.datetime('Removed', { readOnly: true }),
    removedById: f.relation('Removed by', 'users', { idType: 'uuid' }),
    removeReason: f.longText('Why removed', { max: 500 }),
  },
  list: {
    columns: [
      { field: 'cardNumber' },
      { field: 'userId' },
      { field: 'held' },
      { field: 'blocked' },
      { field: 'addedAt' },
      { field: 'addedById' },
      { field: 'removedAt', hidden: true },
    ],
    filters: [{ field: 'userId', kind: 'relation' }, { field: 'held', kind: 'boolean' }, { field: 'blocked', kind: 'boolean' }, { field: 'addedAt', kind: 'dateRange' }],
    defaultSort: { field: 'addedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: 'ROLE_VIEW_USERS' },
  scopes: { held: { title: 'On accounts now', where: [{ field: 'held', op: 'eq', value: true }] } },
  views: [{ path: `${RM}/rfid-cards`, title: 'RFID Cards', scope: 'held' }],
  readOnly: true,
  actions: [
    {
      name: 'add',
      title: 'Add RFID card',
      permission: ADD_RFID_CARD_PERMISSION,
      on: 'list',
      fields: { userId: f.relation('User', 'users', { idType: 'uuid', required: true }), cardNumber: rfidCardNumber() },
      confirm: 'The card starts charging sessions for this user at once. A card belongs to one user at a time.',
      variant: 'primary',
    },
    {
      name: 'remove',
      title: 'Remove RFID card',
      permission: REMOVE_RFID_CARD_PERMISSION,
      on: 'record',
      fields: { cardNumber: rfidCardNumber(), reason: rfidRemoveReason },
      fromRecord: ['cardNumber'],
      when: { field: 'held', equals: true },
      confirm: 'Chargers refuse the card from now on. This cannot be undone: to use the card again, add it again.',
      variant: 'danger',
    },
    {
      name: 'block',
      title: 'Block RFID card',
      permission: REMOVE_RFID_CARD_PERMISSION,
      on: 'record',
      fields: { cardNumber: rfidCardNumber(), reason: rfidRemoveReason },
      fromRecord: ['cardNumber'],
      when: { field: 'blocked', equals: false },
      confirm: 'Chargers refuse the card from now on, their local lists too, while it stays on the account. Unblock it to let it charge again.',
      variant: 'danger',
    },
    {
      name: 'unblock',
      title: 'Unblock RFID card',
      permission: ADD_RFID_CARD_PERMISSION,
      on: 'record',
      fields: { cardNumber: rfidCardNumber(), reason: rfidRemoveReason },
      fromRecord: ['cardNumber'],
      when: { field: 'blocked', equals: true },
      confirm: 'The card starts charging sessions for its holder again, on chargers and in their local lists.',
    },
  ],
});

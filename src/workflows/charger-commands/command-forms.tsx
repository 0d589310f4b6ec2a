// The form of each command staff send to OCPP chargers, in words: what it does, its payload's fields (a connector
// picker, a choice, a number with its unit), whether it disrupts the charger (a confirm), and the command it builds.
// One charger's page and the bulk send over many chargers use the same forms (src/workflows/charger-commands).
import type { ReactNode } from 'react';
import { MAX_DATA_TRANSFER_CHARS, ocppCommandExtraPermissions, ocppCommandLabels, ocppCommandSchema, type ChargerLive, type OcppCommand, type OcppCommandAction } from '@domain/ocpp';
import { hasPermission } from '@domain/permissions';
import { bookingMachine } from '@machines/booking.machine';
import type { ActionField, ActionInputProps, ActionSpec } from '@resources/action-form';

/** What a command's form knows of where it is sent. */
export interface CommandContext {
  /** Connectors the charger reported (connector 0 is the whole charger); for many chargers, the first few numbers. */
  connectorIds: readonly number[];
  /** The charger's open sessions (none for many chargers). */
  sessions: ChargerLive['sessions'];
  /** True when the command goes to many chargers at once. */
  bulk: boolean;
}

/** The id of the charging limit the console sets (the bookings' own pause and load limits have ids of their own). */
export const CONSOLE_PROFILE_ID = 9100;
/** Its stack level: above a booking's pause (1) and load limit (0), so the limit staff set is the one in force. */
const CONSOLE_STACK_LEVEL = 2;

/** A connector's name: connector 0 is the whole charger. */
export const connectorName = (id: number) => (id === 0 ? 'Whole charger' : `Connector ${id}`);

/** TriggerMessage's messages in words. */
export const requestedMessageLabels = {
  StatusNotification: 'Connector status',
  Heartbeat: 'Heartbeat',
  MeterValues: 'Meter values',
  BootNotification: 'Boot notification (model and firmware)',
  FirmwareStatusNotification: 'Firmware update status',
  DiagnosticsStatusNotification: 'Diagnostics upload status',
} as const;

/** A session whose booking is live (the booking machine's Stop acts on it): the customer's, stopped from its booking. */
export function isCustomerSession(session: ChargerLive['sessions'][number]): boolean {
  if (session.isTest || session.bookingId === null || session.bookingStatus === null) return false;
  return bookingMachine.resolveState({ value: session.bookingStatus, context: {} } as never).can({ type: 'STOP' } as never);
}

interface Choice {
  value: string;
  label: string;
  help?: string;
}

/** A choice among a few options, as radio buttons (each with what it means). */
function radios(path: string, legend: string, choices: readonly Choice[]): ActionField {
  return {
    path,
    input: ({ value, onChange, error }: ActionInputProps) => (
      <fieldset className="ui-field command-form__choices" aria-invalid={error ? true : undefined}>
        <legend className="ui-field__label">{legend}</legend>
        {choices.map((c) => (
          <label key={c.value} className="command-form__choice">
            <input type="radio" name={path} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} />
            <span>
              {c.label}
              {c.help ? <span className="ui-field__description"> {c.help}</span> : null}
            </span>
          </label>
        ))}
        {error ? <span className="ui-field__error">{error}</span> : null}
      </fieldset>
    ),
  };
}

/** A choice in a drop-down list. */
function select(path: string, label: string, choices: readonly Choice[], description?: ReactNode): ActionField {
  return {
    path,
    input: ({ value, onChange, error }: ActionInputProps) => (
      <label className="ui-field">
        <span className="ui-field__label">{label}</span>
        <select className="ui-field__input" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {description ? <span className="ui-field__description">{description}</span> : null}
        {error ? <span className="ui-field__error">{error}</span> : null}
      </label>
    ),
  };
}

/** A line of text (or a number, `inputMode`). */
function text(path: string, label: string, description?: ReactNode, inputMode?: 'decimal'): ActionField {
  return {
    path,
    input: ({ value, onChange, error }: ActionInputProps) => (
      <label className="ui-field">
        <span className="ui-field__label">{label}</span>
        <input className="ui-field__input" value={String(value ?? '')} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
        {description ? <span className="ui-field__description">{description}</span> : null}
        {error ? <span className="ui-field__error">{error}</span> : null}
      </label>
    ),
  };
}

/** Several lines of text. */
function textArea(path: string, label: string, description?: ReactNode): ActionField {
  return {
    path,
    input: ({ value, onChange, error }: ActionInputProps) => (
      <label className="ui-field">
        <span className="ui-field__label">{label}</span>
        <textarea className="ui-field__input" rows={4} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
        {description ? <span className="ui-field__description">{description}</span> : null}
        {error ? <span className="ui-field__error">{error}</span> : null}
      </label>
    ),
  };
}

/** The connectors to choose from: the ones the charger reported, else 1 and 2 (a charger that said nothing yet). */
function connectorChoices(ctx: CommandContext, whole: boolean): Choice[] {
  const reported = ctx.connectorIds.filter((id) => id > 0);
  const ids = reported.length > 0 ? reported : [1, 2];
  return [...(whole ? [{ value: '0', label: connectorName(0) }] : []), ...ids.map((id) => ({ value: String(id), label: connectorName(id) }))];
}

const num = (v: unknown): number | undefined => {
  const s = String(v ?? '').trim();
  return s === '' || !Number.isFinite(Number(s)) ? undefined : Number(s);
};

/** One command's form. */
export interface CommandForm {
  action: OcppCommandAction;
  /** The button's and the dialog's name ("Change availability…"). */
  label: string;
  /** Offered for many chargers at once. */
  bulk: boolean;
  /** What it does, in words, above the fields. */
  intro(ctx: CommandContext): string;
  /** What it disrupts, asked before it is sent (null when it disrupts nothing); given the values chosen. */
  confirm(values: Readonly<Record<string, unknown>>): string | null;
  fields(ctx: CommandContext): ActionField[];
  initial(ctx: CommandContext): Record<string, unknown>;
  /** The command the values make (checked by the schema the server checks it with). */
  command(values: Readonly<Record<string, unknown>>): unknown;
}

const label = (action: OcppCommandAction) => `${ocppCommandLabels[action]}…`;

/** Every command's form, in the order the panel offers them. */
export const commandForms: Readonly<Record<OcppCommandAction, CommandForm>> = {
  Reset: {
    action: 'Reset',
    label: label('Reset'),
    bulk: true,
    intro: (ctx) => `The charger${ctx.bulk ? 's restart' : ' restarts'}: any session on ${ctx.bulk ? 'them' : 'it'} stops.`,
    confirm: () => 'A reset stops every session on the charger and it is offline while it restarts.',
    fields: () => [
      radios('payload.type', 'Kind of reset', [
        { value: 'Soft', label: 'Soft', help: 'restarts its software' },
        { value: 'Hard', label: 'Hard', help: 'power-cycles it' },
      ]),
    ],
    initial: () => ({ 'payload.type': 'Soft' }),
    command: (v) => ({ action: 'Reset', payload: { type: v['payload.type'] } }),
  },
  ChangeAvailability: {
    action: 'ChangeAvailability',
    label: label('ChangeAvailability'),
    bulk: true,
    intro: () => 'Takes a connector, or the whole charger, out of use or back into use.',
    confirm: (v) => (v['payload.type'] === 'Inoperative' ? 'Drivers cannot start a session on it until it is made operative again.' : null),
    fields: (ctx) => [
      select('payload.connectorId', 'Connector', connectorChoices(ctx, true)),
      radios('payload.type', 'Availability', [
        { value: 'Operative', label: 'Operative', help: 'drivers can charge on it' },
        { value: 'Inoperative', label: 'Inoperative', help: 'no new session starts on it; a session running finishes first' },
      ]),
    ],
    initial: () => ({ 'payload.connectorId': '0', 'payload.type': 'Inoperative' }),
    command: (v) => ({ action: 'ChangeAvailability', payload: { connectorId: num(v['payload.connectorId']), type: v['payload.type'] } }),
  },
  UnlockConnector: {
    action: 'UnlockConnector',
    label: label('UnlockConnector'),
    bulk: true,
    intro: () => 'Releases the cable held in a connector (a driver who cannot unplug). A session on it stops.',
    confirm: () => 'Unlocking stops any session on that connector.',
    fields: (ctx) => [select('payload.connectorId', 'Connector', connectorChoices(ctx, false))],
    initial: (ctx) => ({ 'payload.connectorId': connectorChoices(ctx, false)[0]!.value }),
    command: (v) => ({ action: 'UnlockConnector', payload: { connectorId: num(v['payload.connectorId']) } }),
  },
  TriggerMessage: {
    action: 'TriggerMessage',
    label: label('TriggerMessage'),
    bulk: true,
    intro: () => 'Asks the charger to send a message now rather than when it would (its status, a heartbeat, its meter values…).',
    confirm: () => null,
    fields: (ctx) => [
      select(
        'payload.requestedMessage',
        'Message',
        Object.entries(requestedMessageLabels).map(([value, text]) => ({ value, label: text })),
      ),
      select('payload.connectorId', 'Connector', connectorChoices(ctx, true), 'Whole charger: the charger chooses (every connector for a status).'),
    ],
    initial: () => ({ 'payload.requestedMessage': 'StatusNotification', 'payload.connectorId': '0' }),
    command: (v) => {
      const connectorId = num(v['payload.connectorId']);
      return { action: 'TriggerMessage', payload: { requestedMessage: v['payload.requestedMessage'], ...(connectorId ? { connectorId } : {}) } };
    },
  },
  ChangeConfiguration: {
    action: 'ChangeConfiguration',
    label: label('ChangeConfiguration'),
    bulk: true,
    intro: () => 'Sets one configuration key of the charger to a new value (Read configuration lists its keys).',
    confirm: () => 'The charger works with the new value from now on (some keys after a reboot).',
    fields: () => [text('payload.key', 'Key', 'As the charger names it, e.g. MeterValueSampleInterval.'), text('payload.value', 'Value')],
    initial: () => ({ 'payload.key': '', 'payload.value': '' }),
    command: (v) => ({ action: 'ChangeConfiguration', payload: { key: String(v['payload.key'] ?? '').trim(), value: String(v['payload.value'] ?? '') } }),
  },
  ClearCache: {
    action: 'ClearCache',
    label: label('ClearCache'),
    bulk: true,
    intro: () => 'The charger forgets the cards it remembers as allowed: each card is checked with the server again the next time it is used.',
    confirm: () => 'Cards are checked online again; while the charger is offline a card it no longer remembers cannot start a session.',
    fields: () => [],
    initial: () => ({}),
    command: () => ({ action: 'ClearCache', payload: {} }),
  },
  RemoteStartTransaction: {
    action: 'RemoteStartTransaction',
    label: label('RemoteStartTransaction'),
    bulk: false,
    intro: () => 'Starts a session on a connector for an RFID card, as if the card was shown to the charger. The server checks the card and its owner first.',
    confirm: () => null,
    fields: (ctx) => [select('payload.connectorId', 'Connector', connectorChoices(ctx, false)), text('payload.idTag', 'RFID card', 'The card’s tag, up to 20 characters.')],
    initial: (ctx) => ({ 'payload.connectorId': connectorChoices(ctx, false)[0]!.value, 'payload.idTag': '' }),
    command: (v) => ({ action: 'RemoteStartTransaction', payload: { connectorId: num(v['payload.connectorId']), idTag: String(v['payload.idTag'] ?? '').trim() } }),
  },
  RemoteStopTransaction: {
    action: 'RemoteStopTransaction',
    label: label('RemoteStopTransaction'),
    bulk: false,
    intro: () => 'Stops a session that is not a customer’s (a customer’s session stops from its booking, with a reason).',
    confirm: () => 'The session stops now.',
    fields: (ctx) => [
      select(
        'payload.transactionId',
        'Session',
        ctx.sessions.filter((s) => !isCustomerSession(s)).map((s) => ({ value: String(s.transactionId), label: `${connectorName(s.connectorId)}, transaction ${s.transactionId}${s.isTest ? ' (test charge)' : ''}` })),
      ),
    ],
    initial: (ctx) => ({ 'payload.transactionId': String(ctx.sessions.find((s) => !isCustomerSession(s))?.transactionId ?? '') }),
    command: (v) => ({ action: 'RemoteStopTransaction', payload: { transactionId: num(v['payload.transactionId']) } }),
  },
  SetChargingProfile: {
    action: 'SetChargingProfile',
    label: label('SetChargingProfile'),
    bulk: false,
    intro: () => 'Limits the current or power of the session on a connector (not a customer’s: theirs is limited by its booking’s load balancing).',
    confirm: () => null,
    fields: (ctx) => [
      select(
        'payload.connectorId',
        'Connector',
        ctx.sessions.filter((s) => !isCustomerSession(s)).map((s) => ({ value: String(s.connectorId), label: `${connectorName(s.connectorId)} (transaction ${s.transactionId})` })),
      ),
      text('limit', 'Limit to', 'At most 1,000.', 'decimal'),
      radios('unit', 'Unit', [
        { value: 'A', label: 'Amperes (A)' },
        { value: 'W', label: 'Watts (W)' },
      ]),
    ],
    initial: (ctx) => ({ 'payload.connectorId': String(ctx.sessions.find((s) => !isCustomerSession(s))?.connectorId ?? ''), limit: '16', unit: 'A' }),
    command: (v) => ({
      action: 'SetChargingProfile',
      payload: {
        connectorId: num(v['payload.connectorId']),
        csChargingProfiles: {
          chargingProfileId: CONSOLE_PROFILE_ID,
          stackLevel: CONSOLE_STACK_LEVEL,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: { chargingRateUnit: v.unit, chargingSchedulePeriod: [{ startPeriod: 0, limit: num(v.limit) }] },
        },
      },
    }),
  },
  ClearChargingProfile: {
    action: 'ClearChargingProfile',
    label: label('ClearChargingProfile'),
    bulk: false,
    intro: () => 'Removes the limit set here (Limit charging) from a connector: its session charges as fast as it can again.',
    confirm: () => null,
    fields: (ctx) => [select('payload.connectorId', 'Connector', connectorChoices(ctx, false))],
    initial: (ctx) => ({ 'payload.connectorId': connectorChoices(ctx, false)[0]!.value }),
    command: (v) => ({ action: 'ClearChargingProfile', payload: { id: CONSOLE_PROFILE_ID, connectorId: num(v['payload.connectorId']), chargingProfilePurpose: 'TxProfile' } }),
  },
  DataTransfer: {
    action: 'DataTransfer',
    label: label('DataTransfer'),
    bulk: true,
    intro: () => 'Sends the charger a message of its vendor’s own (OCPP DataTransfer). The charger answers whether it knows the vendor and the message, with data of its own.',
    confirm: () => null,
    fields: () => [
      text('payload.vendorId', 'Vendor id', 'As the charger’s vendor names its extension, up to 255 characters.'),
      text('payload.messageId', 'Message id (optional)', 'Up to 50 characters.'),
      textArea('payload.data', 'Data (optional)', `Text the vendor’s extension reads, up to ${MAX_DATA_TRANSFER_CHARS.toLocaleString('en-IN')} characters.`),
    ],
    initial: () => ({ 'payload.vendorId': '', 'payload.messageId': '', 'payload.data': '' }),
    command: (v) => {
      const messageId = String(v['payload.messageId'] ?? '').trim();
      const data = String(v['payload.data'] ?? '');
      return { action: 'DataTransfer', payload: { vendorId: String(v['payload.vendorId'] ?? '').trim(), ...(messageId ? { messageId } : {}), ...(data ? { data } : {}) } };
    },
  },
  GetConfiguration: {
    action: 'GetConfiguration',
    label: ocppCommandLabels.GetConfiguration,
    bulk: false,
    intro: () => 'Reads every configuration key of the charger with its value.',
    confirm: () => null,
    fields: () => [],
    initial: () => ({}),
    command: () => ({ action: 'GetConfiguration', payload: {} }),
  },
};

/** Whether someone holding these permissions may send the command (besides sending commands at all). */
export function maySend(action: OcppCommandAction, permissions: readonly string[]): boolean {
  return hasPermission(permissions, ocppCommandExtraPermissions[action]);
}

/** The form's spec for the one action form: its fields and the command the server checks, errors next to the fields. */
export function commandSpec(form: CommandForm, ctx: CommandContext): ActionSpec {
  return {
    fields: form.fields(ctx),
    initial: form.initial(ctx),
    schema: ocppCommandSchema,
    bodyOf: (values) => form.command(values) as Record<string, unknown>,
  };
}

/** The command a form's values make, once the schema accepts it. */
export function commandOf(form: CommandForm, values: Readonly<Record<string, unknown>>): OcppCommand | null {
  const checked = ocppCommandSchema.safeParse(form.command(values));
  return checked.success ? checked.data : null;
}

import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import {
  createChargerLabels,
  createChargerPath,
  createChargerResultSchema,
  mqttBrokerKeys,
  mqttBrokerValues,
  usesOcppCustomisation,
  type CreateChargerBody,
  type CreateChargerResult,
} from '@domain/create-charger';
import type { GlobalConfig } from '@domain/global-config';
import { socketTypeText } from '@domain/socket-types';
import { chargerResource, chargerTypeIdentifiers, chargerTypes, ocppCustomisationTypes, type ChargerType } from '@domain/resources/chargers/charger';
import { routeFor } from '@domain/resource/define-resource';
import { f, humanise } from '@domain/resource/field';
import { missingFor, type CreateChargerDraft, type DraftStep } from '@machines/create-charger.draft';
import type { CreateChargerEvent, CreateChargerEventType } from '@machines/create-charger.events';
import { createChargerMachine } from '@machines/create-charger.machine';
import { apiRequest } from '@data/api-client';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { TextField } from '@ui/text-field';
import { FieldInput } from '@resources/field-input';
import { useCan } from '@resources/gated-action';
import { NoAccess } from '@resources/no-access';
import './create-charger.css';

/** The call the machine's createCharger actor makes: POST /charger-service/admin/charger. */
export function postCreateCharger(body: CreateChargerBody, signal?: AbortSignal): Promise<CreateChargerResult> {
  return apiRequest(createChargerPath, { method: 'POST', body, signal, schema: createChargerResultSchema });
}

/** Display names of the charger types. */
export const chargerTypeLabels: Readonly<Record<ChargerType, string>> = Object.fromEntries(
  (chargerResource.allFields.chargerType!.options ?? []).map((o) => [o.value, o.label]),
) as Record<ChargerType, string>;

const steps: readonly { state: string; title: string }[] = [
  { state: 'type', title: 'Charger type' },
  { state: 'identifiers', title: 'Identifiers' },
  { state: 'sockets', title: 'Sockets' },
  { state: 'review', title: 'Review' },
  { state: 'created', title: 'Created' },
];
const stepOf = (state: string) => (state === 'creating' || state === 'failed' ? 'review' : state);

/** The buttons of the screen, one per event the user sends, in the order shown. */
const buttons: readonly { type: CreateChargerEventType; label: string; variant: 'primary' | 'secondary' }[] = [
  { type: 'BACK', label: 'Back', variant: 'secondary' },
  { type: 'BACK_TO_EDIT', label: 'Back to edit', variant: 'secondary' },
  { type: 'NEXT', label: 'Next', variant: 'primary' },
  { type: 'CREATE', label: 'Create charger', variant: 'primary' },
  { type: 'RETRY', label: 'Retry', variant: 'primary' },
  { type: 'CREATE_ANOTHER', label: 'Create another', variant: 'primary' },
];

const mqttDef = f.choice(createChargerLabels.mqttBrokerKey, mqttBrokerKeys.map((k) => ({ value: k, label: `${humanise(k.replace('RABBIT_MQ_PROPS_', ''))} (${mqttBrokerValues[k]})` })));
const ocppDef = f.choice(createChargerLabels.ocppCustomisationType, ocppCustomisationTypes.map((v) => ({ value: v, label: humanise(v) })));

/** The create-charger screen (/charger-management/create): the create-charger machine, step by step. */
export function CreateChargerPage() {
  const allowed = useCan('ROLE_CREATE_CHARGER');
  if (!allowed) return <NoAccess permission="ROLE_CREATE_CHARGER" title="Create charger" />;
  return <CreateChargerWorkflow />;
}

/** Props of CreateChargerWorkflow. */
export interface CreateChargerWorkflowProps {
  /** The create call (tests pass a fake); default the API. */
  create?: (body: CreateChargerBody, signal?: AbortSignal) => Promise<CreateChargerResult>;
}

/** The workflow itself: buttons are exactly the events the current state accepts. */
export function CreateChargerWorkflow({ create = postCreateCharger }: CreateChargerWorkflowProps) {
  const { globalConfig } = useSession();
  const machine = useMemo(() => createChargerMachine.provide({ actors: { createCharger: fromPromise<CreateChargerResult, CreateChargerBody>(({ input, signal }) => create(input, signal)) } }), [create]);
  const [snapshot, send] = useMachine(machine, { input: { chargePointOperatorId: globalConfig?.chargePointOperatorId ?? null } });
  const state = String(snapshot.value);
  const { draft, showMissing, failure } = snapshot.context;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = stepOf(state);
  const currentIndex = steps.findIndex((s) => s.state === current);

  // Each step starts with its heading focused, so keyboard and screen-reader users land on the new step.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state]);

  const editing = (['type', 'identifiers', 'sockets'] as const).includes(state as DraftStep) ? (state as DraftStep) : null;
  const missing = editing && showMissing ? missingFor(editing, draft) : [];
  const messageAt = (path: string): string | undefined => missing.find((m) => m.path === path)?.message ?? failure?.errors.find((e) => e.path === path)?.message;
  const accepted = buttons.filter((b) => snapshot.can({ type: b.type } as CreateChargerEvent));

  // Enter moves on (NEXT, or CREATE on the review), except on buttons and in multi-line text.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA' || target.getAttribute('role') === 'button') return;
    event.preventDefault();
    if (snapshot.can({ type: 'NEXT' })) send({ type: 'NEXT' });
    else if (snapshot.can({ type: 'CREATE' })) send({ type: 'CREATE' });
  };

  return (
    <section className="page resource-page create-charger" aria-labelledby="create-charger-title">
      <header className="resource-page__header">
        <div>
          <p className="resource-page__eyebrow">Charger Management</p>
          <h1 id="create-charger-title">Create charger</h1>
        </div>
      </header>
      <ol className="create-charger__steps" aria-label="Steps">
        {steps.map((s, i) => (
          <li key={s.state} aria-current={s.state === current ? 'step' : undefined} data-done={i < currentIndex ? 'true' : undefined}>
            {s.title}
          </li>
        ))}
      </ol>
      <form
        className="resource-form"
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <section className="detail-section" aria-labelledby="create-charger-step">
          <h2 id="create-charger-step" ref={headingRef} tabIndex={-1} data-state={state}>
            {headingOf(state)}
          </h2>
          {state === 'type' ? <TypeStep draft={draft} onChoose={(chargerType) => send({ type: 'CHOOSE_TYPE', chargerType })} error={messageAt('chargerType')} /> : null}
          {state === 'identifiers' ? <IdentifiersStep draft={draft} send={send} messageAt={messageAt} /> : null}
          {state === 'sockets' ? <SocketsStep draft={draft} send={send} messageAt={messageAt} canAdd={snapshot.can({ type: 'ADD_SOCKET' })} /> : null}
          {state === 'review' || state === 'creating' || state === 'failed' ? <Review draft={draft} /> : null}
          {state === 'creating' ? <LoadingIndicator label="Creating charger…" showLabel /> : null}
          {state === 'failed' && failure ? (
            <div className="create-charger__panel" role="alert">
              <p>
                <strong>The charger was not created.</strong> {failure.message}
              </p>
              <p className="ui-field__description">Your draft is kept: retry, or go back to edit it.</p>
            </div>
          ) : null}
          {state === 'created' ? <CreatedPanel uniqueIdentifier={snapshot.context.uniqueIdentifier!} lastChargerId={snapshot.context.lastChargerId!} /> : null}
          {missing.length > 0 ? (
            <p role="alert" className="resource-form__error">
              Still missing: {missing.map((m) => m.message.replace(/^./, (c) => c.toLowerCase())).join('; ')}.
            </p>
          ) : null}
        </section>
        <div className="create-charger__actions">
          {accepted.map((b) => (
            <Button key={b.type} variant={b.variant} onPress={() => send({ type: b.type } as CreateChargerEvent)}>
              {b.label}
            </Button>
          ))}
        </div>
      </form>
    </section>
  );
}

function headingOf(state: string): string {
  switch (state) {
    case 'type':
      return 'Choose the charger type';
    case 'identifiers':
      return 'Identifiers and connection';
    case 'sockets':
      return 'Sockets';
    case 'review':
      return 'Review';
    case 'creating':
      return 'Creating…';
    case 'created':
      return 'Charger created';
    default:
      return 'Charger not created';
  }
}

function TypeStep({ draft, onChoose, error }: { draft: CreateChargerDraft; onChoose: (type: ChargerType) => void; error: string | undefined }) {
  return (
    <RadioGroup className="ui-field" value={draft.chargerType ?? null} onChange={(v) => onChoose(v as ChargerType)} isInvalid={Boolean(error)} aria-describedby={error ? 'charger-type-error' : undefined}>
      <Label className="ui-field__label">{createChargerLabels.chargerType}</Label>
      <div className="create-charger__types">
        {chargerTypes.map((type) => (
          <Radio key={type} value={type} className="create-charger__type">
            <strong>{chargerTypeLabels[type]}</strong>
            <span className="ui-field__description">{chargerTypeIdentifiers[type].map((field) => createChargerLabels[field]).join(' + ')}</span>
          </Radio>
        ))}
      </div>
      {error ? (
        <Text slot="errorMessage" id="charger-type-error" className="ui-field__error">
          {error}
        </Text>
      ) : null}
    </RadioGroup>
  );
}

type Send = (event: CreateChargerEvent) => void;

function IdentifiersStep({ draft, send, messageAt }: { draft: CreateChargerDraft; send: Send; messageAt: (path: string) => string | undefined }) {
  const { globalConfig } = useSession();
  const type = draft.chargerType!;
  const operators = useMemo(() => f.choice(createChargerLabels.chargePointOperatorId, (globalConfig?.chargePointOperators ?? []).map((o) => ({ value: o.id, label: o.name }))), [globalConfig]);
  return (
    <>
      <p className="ui-field__description">
        {chargerTypeLabels[type]} needs {chargerTypeIdentifiers[type].map((field) => createChargerLabels[field]).join(' and ')}.
        {chargerTypeIdentifiers[type].includes('deviceId') ? ' The device id is also copied into the other id fields.' : ''}
      </p>
      <div className="create-charger__row">
        {chargerTypeIdentifiers[type].map((field) => (
          <TextField
            key={field}
            label={createChargerLabels[field]}
            name={field}
            value={draft[field]}
            isRequired
            autoFocus={field === chargerTypeIdentifiers[type][0]}
            onChange={(value) => send({ type: 'EDIT', [field]: value })}
            errorMessage={messageAt(field)}
            inputMode={field === 'imeiNumber' ? 'numeric' : undefined}
            placeholder={field === 'bleMacAddress' ? 'C8:2B:96:00:1A:2F' : undefined}
          />
        ))}
      </div>
      <div className="create-charger__row">
        <FieldInput path="chargePointOperatorId" def={operators} value={draft.chargePointOperatorId} onChange={(v) => send({ type: 'EDIT', chargePointOperatorId: String(v) })} errors={errorsOf(messageAt, 'chargePointOperatorId')} cdnBase={undefined} isRequired />
        <FieldInput path="mqttBrokerKey" def={mqttDef} value={draft.mqttBrokerKey} onChange={(v) => v && send({ type: 'EDIT', mqttBrokerKey: v as CreateChargerDraft['mqttBrokerKey'] })} errors={{}} cdnBase={undefined} isRequired />
        {usesOcppCustomisation(type) ? (
          <FieldInput path="ocppCustomisationType" def={ocppDef} value={draft.ocppCustomisationType} onChange={(v) => v && send({ type: 'EDIT', ocppCustomisationType: v as CreateChargerDraft['ocppCustomisationType'] })} errors={{}} cdnBase={undefined} isRequired />
        ) : null}
        <TextField label={createChargerLabels.macAddress} name="macAddress" value={draft.macAddress} onChange={(value) => send({ type: 'EDIT', macAddress: value })} errorMessage={messageAt('macAddress')} description="Optional" />
      </div>
      <fieldset className="field-group">
        <legend className="ui-field__label">{createChargerLabels.keyValuePairs}</legend>
        {draft.keyValuePairs.length === 0 ? <p className="ui-field__description">None yet.</p> : null}
        {draft.keyValuePairs.map((pair, index) => {
          const change = (patch: Partial<typeof pair>) => send({ type: 'EDIT', keyValuePairs: draft.keyValuePairs.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
          return (
            <div key={index} className="create-charger__row">
              <TextField label={`Key ${index + 1}`} value={pair.key} onChange={(key) => change({ key })} errorMessage={messageAt(`keyValuePairs.${index}.key`)} />
              <TextField label={`Value ${index + 1}`} value={pair.value} onChange={(value) => change({ value })} errorMessage={messageAt(`keyValuePairs.${index}.value`)} />
              <Button size="sm" variant="ghost" aria-label={`Remove key-value pair ${index + 1}`} onPress={() => send({ type: 'EDIT', keyValuePairs: draft.keyValuePairs.filter((_, i) => i !== index) })}>
                Remove
              </Button>
            </div>
          );
        })}
        <Button size="sm" onPress={() => send({ type: 'EDIT', keyValuePairs: [...draft.keyValuePairs, { key: '', value: '' }] })}>
          Add key-value pair
        </Button>
      </fieldset>
    </>
  );
}

const errorsOf = (messageAt: (path: string) => string | undefined, path: string): Record<string, string> => {
  const message = messageAt(path);
  return message ? { [path]: message } : {};
};

function SocketsStep({ draft, send, messageAt, canAdd }: { draft: CreateChargerDraft; send: Send; messageAt: (path: string) => string | undefined; canAdd: boolean }) {
  const { globalConfig } = useSession();
  const socketTypes = useMemo(() => {
    const list = Object.entries(globalConfig?.socketTypeList ?? {}).filter(([, s]) => s.isActive);
    const options = list.map(([code, s]) => ({ value: code, label: s.displayText }));
    // The codes already on the draft stay choosable even when global data does not list them.
    for (const socket of draft.sockets) if (!options.some((o) => o.value === socket.code) && socket.code) options.push({ value: socket.code, label: socket.displayText || socket.code });
    return f.choice('Socket type', options);
  }, [globalConfig, draft.sockets]);
  return (
    <>
      {draft.sockets.length === 0 ? <p className="ui-field__description">No sockets yet.</p> : null}
      {draft.sockets.map((socket, index) => (
        <fieldset key={socket.id} className="field-group" aria-label={`Socket ${socket.id}`}>
          <legend className="ui-field__label">Socket {socket.id}</legend>
          <div className="create-charger__row">
            <FieldInput
              path={`sockets.${index}.code`}
              def={socketTypes}
              value={socket.code}
              onChange={(v) => {
                const code = String(v);
                const text = globalConfig?.socketTypeList[code]?.displayText;
                send({ type: 'UPDATE_SOCKET', id: socket.id, code, ...(text ? { displayText: text } : {}) });
              }}
              errors={errorsOf(messageAt, `sockets.${index}.code`)}
              cdnBase={undefined}
              isRequired
            />
            <TextField label="Display text" value={socket.displayText} isRequired onChange={(displayText) => send({ type: 'UPDATE_SOCKET', id: socket.id, displayText })} errorMessage={messageAt(`sockets.${index}.displayText`)} />
            <PowerField id={socket.id} value={socket.value} error={messageAt(`sockets.${index}.value`)} send={send} />
            <Button size="sm" variant="ghost" aria-label={`Remove socket ${socket.id}`} onPress={() => send({ type: 'REMOVE_SOCKET', id: socket.id })}>
              Remove
            </Button>
          </div>
        </fieldset>
      ))}
      {canAdd ? (
        <Button size="sm" onPress={() => send({ type: 'ADD_SOCKET' })}>
          Add socket
        </Button>
      ) : (
        <p className="ui-field__description">A charger has at most 6 sockets.</p>
      )}
      {messageAt('sockets') ? <p className="ui-field__error">{messageAt('sockets')}</p> : null}
    </>
  );
}

/** The power of a socket, typed as text (so "7." can be typed) and sent as a number once it reads as one. */
function PowerField({ id, value, error, send }: { id: number; value: number; error: string | undefined; send: Send }) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((prev) => (Number(prev) === value ? prev : String(value)));
  }, [value]);
  const unreadable = text.trim() !== '' && !Number.isFinite(Number(text));
  return (
    <TextField
      label="Power (kW)"
      value={text}
      inputMode="decimal"
      isRequired
      onChange={(next) => {
        setText(next);
        const n = next.trim() === '' ? Number.NaN : Number(next);
        send({ type: 'UPDATE_SOCKET', id, value: Number.isFinite(n) ? n : 0 });
      }}
      errorMessage={unreadable ? 'Enter a number' : error}
    />
  );
}

/** A socket as the review reads it: its text, its type by the type's display text when that differs, its power. */
function socketSummary(socket: CreateChargerDraft['sockets'][number], socketTypes: GlobalConfig['socketTypeList'] | undefined): string {
  const type = socketTypeText(socketTypes, socket.code);
  return `${socket.id}. ${socket.displayText}${type === socket.displayText ? '' : ` (${type})`}, ${socket.value} kW`;
}

function Review({ draft }: { draft: CreateChargerDraft }) {
  const { globalConfig } = useSession();
  const type = draft.chargerType!;
  const operator = globalConfig?.chargePointOperators.find((o) => o.id === draft.chargePointOperatorId)?.name ?? draft.chargePointOperatorId;
  const rows: [string, ReactNode][] = [
    [createChargerLabels.chargerType, chargerTypeLabels[type]],
    ...chargerTypeIdentifiers[type].map((field): [string, ReactNode] => [createChargerLabels[field], draft[field]]),
    [createChargerLabels.chargePointOperatorId, operator],
    [createChargerLabels.mqttBrokerKey, `${draft.mqttBrokerKey} (${mqttBrokerValues[draft.mqttBrokerKey]})`],
    ...(usesOcppCustomisation(type) ? [[createChargerLabels.ocppCustomisationType, humanise(draft.ocppCustomisationType)] as [string, ReactNode]] : []),
    [createChargerLabels.macAddress, draft.macAddress || '-'],
    [createChargerLabels.keyValuePairs, draft.keyValuePairs.length === 0 ? '-' : draft.keyValuePairs.map((p) => `${p.key} = ${p.value}`).join(', ')],
    [createChargerLabels.sockets, draft.sockets.length === 0 ? '-' : draft.sockets.map((s) => socketSummary(s, globalConfig?.socketTypeList)).join('; ')],
  ];
  return (
    <dl className="detail-grid" aria-label="Summary">
      {rows.map(([label, value]) => (
        <div key={label} className="detail-grid__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CreatedPanel({ uniqueIdentifier, lastChargerId }: { uniqueIdentifier: string; lastChargerId: number }) {
  return (
    <div className="create-charger__panel" role="status">
      <dl className="detail-grid">
        <div className="detail-grid__item">
          <dt>Unique identifier</dt>
          <dd data-testid="unique-identifier">{uniqueIdentifier}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Charger id</dt>
          <dd data-testid="last-charger-id">{lastChargerId}</dd>
        </div>
      </dl>
      <p>
        <Link href={routeFor(chargerResource.detailPath, String(lastChargerId))}>Open charger {uniqueIdentifier}</Link>
      </p>
    </div>
  );
}

import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import type { CreateChargerBody, CreateChargerResult } from '@domain/create-charger';
import type { CreateChargerEvent } from './create-charger.events';
import {
  addSocket,
  canAddSocket,
  chooseType,
  edit,
  emptyDraft,
  missingFor,
  removeSocket,
  requestBodyOf,
  updateSocket,
  type CreateChargerDraft,
  type FieldMessage,
} from './create-charger.draft';

/** Why creating failed: the server's reason and its field errors (dotted paths). */
export interface CreateChargerFailure {
  message: string;
  errors: FieldMessage[];
}

/** Reads a failure from what the host's actor rejected with (an API error carrying a problem+json body). */
export function failureOf(error: unknown): CreateChargerFailure {
  const problem = (error as { problem?: { detail?: unknown; title?: unknown; errors?: unknown } } | null)?.problem;
  if (!problem || typeof problem !== 'object') return { message: GENERIC_ERROR_MESSAGE, errors: [] };
  const message = typeof problem.detail === 'string' && problem.detail !== '' ? problem.detail : typeof problem.title === 'string' ? problem.title : GENERIC_ERROR_MESSAGE;
  const errors = Array.isArray(problem.errors) ? (problem.errors as FieldMessage[]).filter((e) => typeof e?.path === 'string' && typeof e?.message === 'string') : [];
  return { message, errors };
}

/** The machine's context: the draft, the result (chargerCreated, uniqueIdentifier, lastChargerId) and messages. */
export interface CreateChargerContext {
  draft: CreateChargerDraft;
  /** The charge point operator a fresh draft starts with (the session's default). */
  defaultChargePointOperatorId: string | null;
  /** True once NEXT was refused on the current step: the step shows what is missing next to each field. */
  showMissing: boolean;
  chargerCreated: boolean;
  uniqueIdentifier: string | null;
  lastChargerId: number | null;
  failure: CreateChargerFailure | null;
}

/** Input of the machine: the default charge point operator (global config), if any. */
export interface CreateChargerInput {
  chargePointOperatorId?: string | null;
}

const fresh = (defaultChargePointOperatorId: string | null): CreateChargerContext => ({
  draft: emptyDraft(defaultChargePointOperatorId),
  defaultChargePointOperatorId,
  showMissing: false,
  chargerCreated: false,
  uniqueIdentifier: null,
  lastChargerId: null,
  failure: null,
});

/** The invoke id of the create call (its done and error events are `xstate.done.actor.createCharger` …). */
export const CREATE_CHARGER_ACTOR = 'createCharger';

/**
 * The create-charger workflow: type → identifiers → sockets → review → creating → created | failed. Pure: the
 * call is the `createCharger` actor the host provides with `.provide({ actors: { createCharger } })`.
 * NEXT moves on only when the step is complete, otherwise it shows what is missing; "create another" resets the
 * draft fully; a failure keeps the draft for a retry or an edit.
 */
export const createChargerMachine = setup({
  types: {
    context: {} as CreateChargerContext,
    events: {} as CreateChargerEvent,
    input: {} as CreateChargerInput | undefined,
  },
  actors: {
    createCharger: fromPromise<CreateChargerResult, CreateChargerBody>(async () => {
      throw new Error('createCharger is not provided: the host provides it with .provide({ actors: { createCharger } })');
    }),
  },
  guards: {
    typeChosen: ({ context }) => missingFor('type', context.draft).length === 0,
    identifiersComplete: ({ context }) => missingFor('identifiers', context.draft).length === 0,
    socketsComplete: ({ context }) => missingFor('sockets', context.draft).length === 0,
    canAddSocket: ({ context }) => canAddSocket(context.draft),
    socketExists: ({ context, event }) => 'id' in event && context.draft.sockets.some((s) => s.id === event.id),
  },
  actions: {
    chooseType: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_TYPE');
      return { draft: chooseType(context.draft, event.chargerType) };
    }),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      const { type: _type, ...changes } = event;
      return { draft: edit(context.draft, changes) };
    }),
    addSocket: assign(({ context }) => ({ draft: addSocket(context.draft) })),
    updateSocket: assign(({ context, event }) => {
      assertEvent(event, 'UPDATE_SOCKET');
      const { type: _type, ...changes } = event;
      return { draft: updateSocket(context.draft, changes) };
    }),
    removeSocket: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_SOCKET');
      return { draft: removeSocket(context.draft, event.id) };
    }),
    showMissing: assign({ showMissing: true }),
    hideMissing: assign({ showMissing: false }),
    recordCreated: assign(({ event }) => {
      const output = (event as unknown as { output: CreateChargerResult }).output;
      return { chargerCreated: true, uniqueIdentifier: output.uniqueIdentifier, lastChargerId: output.lastChargerId, failure: null };
    }),
    recordFailure: assign(({ event }) => ({ failure: failureOf((event as unknown as { error: unknown }).error) })),
    resetDraft: assign(({ context }) => fresh(context.defaultChargePointOperatorId)),
  },
}).createMachine({
  id: 'createCharger',
  initial: 'type',
  context: ({ input }) => fresh(input?.chargePointOperatorId ?? null),
  states: {
    type: {
      on: {
        CHOOSE_TYPE: { actions: 'chooseType' },
        NEXT: [{ guard: 'typeChosen', target: 'identifiers', actions: 'hideMissing' }, { actions: 'showMissing' }],
      },
    },
    identifiers: {
      on: {
        EDIT: { actions: 'edit' },
        NEXT: [{ guard: 'identifiersComplete', target: 'sockets', actions: 'hideMissing' }, { actions: 'showMissing' }],
        BACK: { target: 'type', actions: 'hideMissing' },
      },
    },
    sockets: {
      on: {
        ADD_SOCKET: { guard: 'canAddSocket', actions: 'addSocket' },
        UPDATE_SOCKET: { guard: 'socketExists', actions: 'updateSocket' },
        REMOVE_SOCKET: { guard: 'socketExists', actions: 'removeSocket' },
        NEXT: [{ guard: 'socketsComplete', target: 'review', actions: 'hideMissing' }, { actions: 'showMissing' }],
        BACK: { target: 'identifiers', actions: 'hideMissing' },
      },
    },
    review: {
      on: {
        CREATE: 'creating',
        BACK: 'sockets',
      },
    },
    creating: {
      invoke: {
        id: CREATE_CHARGER_ACTOR,
        src: 'createCharger',
        input: ({ context }) => requestBodyOf(context.draft),
        onDone: { target: 'created', actions: 'recordCreated' },
        onError: { target: 'failed', actions: 'recordFailure' },
      },
    },
    created: {
      on: {
        CREATE_ANOTHER: { target: 'type', actions: 'resetDraft' },
      },
    },
    failed: {
      on: {
        RETRY: 'creating',
        BACK_TO_EDIT: 'identifiers',
      },
    },
  },
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type ActorLogic,
  type AnyEventObject,
  type NonReducibleUnknown,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { TestModel, getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes, type TestPath } from 'xstate/graph';
import type { GlobalConfig } from '@domain/global-config';
import { emptyGlobalConfig, testUser } from '@tests/support/session-fixtures';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import type { CurrentUser, SendOtpResponse } from '@domain/session';
import { sessionEventTypes } from '@machines/session.events';
import {
  SessionRequestError,
  failureOf,
  initialSessionContext,
  sessionInvokeIds,
  sessionMachine,
  type SessionMachineContext,
} from '@machines/session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Path = TestPath<Snapshot, AnyEventObject>;

// ---------------------------------------------------------------------------------------------------
// The model: the machine itself, with actor outcomes as explicit done/error events.
// ---------------------------------------------------------------------------------------------------

const KEY = 'key-asha';
const userAsha: CurrentUser = testUser({ authKey: KEY, name: 'Asha', email: 'asha@example.com', permissions: ['ROLE_VIEW_HARDWARE'] });
/** What the server answers on a later check: same key, updated profile. */
const userAshaRenamed: CurrentUser = { ...userAsha, name: 'Asha Rao', permissions: [] };
const globalConfig = emptyGlobalConfig;
// One second keeps the countdown (2 → … → 0 would only repeat the same edges) and the graph small.
const codeSent: SendOtpResponse = { message: 'If the number is registered, a code was sent.', resendAfterSeconds: 1, expiresInSeconds: 300 };

const VALID_NUMBER = '+91 98765 43210';
const INVALID_NUMBER = '12345';
const RIGHT_CODE = '123456';
const MALFORMED_CODE = '12a';

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** Every concrete event the model may take; events not listed here are taken with no payload. */
const modelEvents: AnyEventObject[] = [
  { type: 'SEND_CODE', mobileNumber: VALID_NUMBER },
  { type: 'SEND_CODE', mobileNumber: INVALID_NUMBER },
  { type: 'VERIFY', otp: RIGHT_CODE },
  { type: 'VERIFY', otp: MALFORMED_CODE },
  done(sessionInvokeIds.loadStoredKey, KEY),
  done(sessionInvokeIds.loadStoredKey, null),
  failed(sessionInvokeIds.loadStoredKey, new DOMException('The operation failed', 'OperationError')),
  done(sessionInvokeIds.validateKey, userAsha),
  failed(sessionInvokeIds.validateKey, new SessionRequestError('Your session has ended.', 'rejected')),
  failed(sessionInvokeIds.validateKey, new SessionRequestError('Something went wrong.', 'unavailable')),
  done(sessionInvokeIds.sendCode, codeSent),
  failed(sessionInvokeIds.sendCode, new SessionRequestError('Too many codes requested. Try again in 10 minutes.', 'rateLimited')),
  // The server lengthens the wait after each resend.
  done(sessionInvokeIds.resendCode, { ...codeSent, resendAfterSeconds: 2 }),
  failed(sessionInvokeIds.resendCode, new TypeError('Failed to fetch')),
  done(sessionInvokeIds.verifyCode, userAsha),
  failed(sessionInvokeIds.verifyCode, new SessionRequestError('Incorrect code. 4 attempts left.', 'rejected')),
  done(sessionInvokeIds.revalidateKey, userAshaRenamed),
  failed(sessionInvokeIds.revalidateKey, new SessionRequestError('Your session has ended.', 'rejected')),
  failed(sessionInvokeIds.revalidateKey, new SessionRequestError('Something went wrong.', 'unavailable')),
  done(sessionInvokeIds.loadGlobalData, globalConfig),
  failed(sessionInvokeIds.loadGlobalData, new SessionRequestError('Something went wrong.', 'unavailable')),
  done(sessionInvokeIds.revokeKey),
  failed(sessionInvokeIds.revokeKey, new TypeError('Failed to fetch')),
];

const isMalformedInput = (event: AnyEventObject) =>
  (event.type === 'SEND_CODE' && event.mobileNumber === INVALID_NUMBER) || (event.type === 'VERIFY' && event.otp === MALFORMED_CODE);

/** Errors serialise with their message and kind, so two failures of one actor stay two edges. */
const serializeEvent = (event: AnyEventObject) =>
  JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message, kind: (value as Partial<SessionRequestError>).kind } : value,
  );
const serializeState = (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

const traversal = {
  events: (snapshot: Snapshot) =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
      const matching = modelEvents.filter((event) => event.type === type);
      return matching.length ? matching : [{ type }];
    }),
  // Bounding the walk: a malformed entry is tried once per form state (while no message shows), not after
  // every other message; every path still meets each message.
  filterEvents: (snapshot: Snapshot, event: AnyEventObject) => !(isMalformedInput(event) && snapshot.context.error !== null),
  serializeState,
  serializeEvent,
};

// createTestModel refuses machines that invoke actors, because its traversal cannot run them. The model
// here takes actor outcomes as explicit done/error events instead (hence the wider event type), and the
// executors below turn each into the matching fake settling: so we build the TestModel ourselves.
const modelLogic = sessionMachine as unknown as ActorLogic<Snapshot, AnyEventObject, unknown>;
const model = new TestModel<Snapshot, AnyEventObject, unknown>(modelLogic, {
  ...traversal,
  stateMatcher: (_snapshot, key) => key === '*',
  logger: { log: () => {}, error: () => {} },
});

/**
 * The simple paths of one stage of the workflow: from the first time the shortest walk reaches `from`,
 * every simple path until `until` holds. Walking stage by stage bounds the walk (the whole machine has
 * cycles through every stage, so its simple paths number in the many thousands) while every state, event
 * and transition is still taken; the coverage test below checks that.
 */
function stagePaths(from: (s: Snapshot) => boolean, until: (s: Snapshot) => boolean): Path[] {
  // (TestModel.getSimplePathsFrom joins by object identity, which a traversal with cycles does not keep.)
  return model.getPaths((logic, options) => {
    const [head] = getShortestPaths(logic, { ...options, toState: from });
    if (!head) throw new Error('stage start not reachable');
    return getSimplePaths(logic, { ...options, fromState: head.state, stopWhen: until }).map((tail) => ({
      state: tail.state,
      steps: [...head.steps, ...tail.steps.slice(1)],
      weight: head.weight + tail.weight,
    }));
  });
}

const isFresh = (s: Snapshot) => s.context.error === null && s.context.resendIn <= 1;
/** Boot: from the stored key (or none) to the sign-in form or a session. */
const bootPaths = model.getSimplePaths({ stopWhen: (s) => !s.matches('booting') && !s.matches('validating') });
/** Server unreachable on load: from the retry screen until the key is settled one way or the other. */
const unreachablePaths = stagePaths(
  (s) => s.matches('unreachable'),
  (s) => !s.matches('unreachable') && !s.matches('validating'),
);
/** Number step: from an empty form until a code is sent. */
const numberStepPaths = stagePaths(
  (s) => s.matches({ signedOut: 'enteringNumber' }) && s.context.mobileNumber === '',
  (s) => s.matches({ signedOut: 'codeSent' }),
);
/** Code step: from a code just sent until signed in or back at the number. */
const codeStepPaths = stagePaths(
  (s) => s.matches({ signedOut: 'codeSent' }) && isFresh(s),
  (s) => s.matches({ signedOut: 'enteringNumber' }) || s.matches('signedIn'),
);
/** Session: from sign-in with a stored key until signed out. */
const sessionPaths = stagePaths(
  (s) => s.matches({ signedIn: { user: 'active', globalData: 'loading' } }) && s.context.user?.name === userAsha.name,
  (s) => !s.matches('signedIn') && !s.matches('signingOut'),
);
const stages = { boot: bootPaths, unreachable: unreachablePaths, 'number step': numberStepPaths, 'code step': codeStepPaths, session: sessionPaths };
const allPaths: Path[] = Object.values(stages).flat();

// ---------------------------------------------------------------------------------------------------
// The system under test: the same machine, running, with deterministic fakes for its actors.
// ---------------------------------------------------------------------------------------------------

type Src = 'loadStoredKey' | 'validateKey' | 'sendCode' | 'verifyCode' | 'loadGlobalData' | 'revokeKey';
const srcOfInvoke: Record<string, Src> = {
  [sessionInvokeIds.loadStoredKey]: 'loadStoredKey',
  [sessionInvokeIds.validateKey]: 'validateKey',
  [sessionInvokeIds.revalidateKey]: 'validateKey',
  [sessionInvokeIds.sendCode]: 'sendCode',
  [sessionInvokeIds.resendCode]: 'sendCode',
  [sessionInvokeIds.verifyCode]: 'verifyCode',
  [sessionInvokeIds.loadGlobalData]: 'loadGlobalData',
  [sessionInvokeIds.revokeKey]: 'revokeKey',
};

interface Pending {
  input: unknown;
  signal: AbortSignal;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A running session machine whose actors wait until the test settles them, and whose effects are recorded. */
function createHarness() {
  const pending = new Map<Src, Pending>();
  const invocations: { src: Src; input: unknown }[] = [];
  const effects: string[] = [];
  const reachedStates = new Set<string>();

  const fake = <TOutput, TInput = NonReducibleUnknown>(src: Src) =>
    fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          invocations.push({ src, input });
          pending.set(src, { input, signal, resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  const record = (name: string) => () => void effects.push(name);

  const machine = sessionMachine.provide({
    actors: {
      loadStoredKey: fake<string | null>('loadStoredKey'),
      validateKey: fake<CurrentUser, { authKey: string }>('validateKey'),
      sendCode: fake<SendOtpResponse, { mobileNumber: string }>('sendCode'),
      verifyCode: fake<CurrentUser, { mobileNumber: string; otp: string }>('verifyCode'),
      loadGlobalData: fake<GlobalConfig, { authKey: string }>('loadGlobalData'),
      revokeKey: fake<void, { authKey: string }>('revokeKey'),
      // The test sends TICK itself, one second at a time.
      ticker: fromCallback(() => {}),
    },
    actions: {
      persistKey: ({ context }) => void effects.push(`persistKey:${context.authKey}`),
      clearKey: record('clearKey'),
      resetClientState: record('resetClientState'),
      toastLogoutSuccess: record('toastLogoutSuccess'),
      goToLogin: record('goToLogin'),
      redirectToLogin: record('redirectToLogin'),
      clearQueryCache: record('clearQueryCache'),
      logGlobalDataFailure: record('logGlobalDataFailure'),
      logRevalidationFailure: record('logRevalidationFailure'),
    },
  });

  const actor = createActor(machine, {
    inspect: (inspection) => {
      // Microsteps include states left in the same macrostep (globalData.notLoaded), not just resting ones.
      if ((inspection.type === '@xstate.microstep' || inspection.type === '@xstate.snapshot') && inspection.actorRef === actor) {
        for (const id of stateIdsOf((inspection.snapshot as Snapshot).value)) reachedStates.add(id);
      }
    },
  });

  function settle(invokeId: string, outcome: 'resolve' | 'reject', value: unknown): void {
    const src = srcOfInvoke[invokeId];
    const call = src && pending.get(src);
    if (!src || !call) throw new Error(`No pending ${invokeId} to ${outcome}`);
    pending.delete(src);
    call[outcome](value);
  }

  return { actor, pending, invocations, effects, reachedStates, settle };
}
type Harness = ReturnType<typeof createHarness>;

/** The ids of the state nodes a state value is in ("session.signedIn", "session.signedIn.user", …). */
function stateIdsOf(value: StateValue, prefix = 'session'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...(child ? stateIdsOf(child, `${prefix}.${key}`) : [])]);
}

const TEN_DIGITS = /^[6-9]\d{9}$/;

/** What must hold in every state, checked on the running machine. */
function assertInvariants(s: Snapshot): void {
  const c: SessionMachineContext = s.context;
  expect(c.resendIn).toBeGreaterThanOrEqual(0);
  if (c.rateLimited) expect(c.error).not.toBeNull();

  if (s.matches('booting')) expect(c).toEqual(initialSessionContext);
  if (s.matches('validating')) {
    expect(c.authKey).toBe(KEY);
    expect(c.user).toBeNull();
  }
  if (s.matches('unreachable')) {
    // The key is kept (it may be good) and the user is told why nothing shows.
    expect(c.authKey).toBe(KEY);
    expect(c.user).toBeNull();
    expect(c.error).not.toBeNull();
    expect(s.can({ type: 'RETRY' })).toBe(true);
  }
  if (s.matches('signedOut')) {
    expect(c.user).toBeNull();
    expect(c.authKey).toBeNull();
    expect(c.globalConfig).toBeNull();
    expect(c.globalDataStatus).toBe('notLoaded');
  }
  for (const step of ['sendingCode', 'codeSent', 'resendingCode', 'verifying'] as const) {
    if (s.matches({ signedOut: step })) expect(c.mobileNumber).toMatch(TEN_DIGITS);
  }
  if (s.matches({ signedOut: 'codeSent' })) {
    // The resend button is live exactly when the countdown has run out.
    expect(s.can({ type: 'RESEND' })).toBe(c.resendIn === 0);
    expect(s.can({ type: 'TICK' })).toBe(c.resendIn > 0);
  }
  if (s.matches({ signedOut: 'sendingCode' }) || s.matches({ signedOut: 'verifying' })) expect(c.error).toBeNull();
  if (s.matches('signedIn') || s.matches('signingOut')) {
    expect(c.user).not.toBeNull();
    expect(c.authKey).toBe(c.user?.authKey);
    expect(c.mobileNumber).toBe('');
    expect(c.error).toBeNull();
  }
  if (s.matches('signedIn')) {
    const region = (s.value as { signedIn: { globalData: string } }).signedIn.globalData;
    expect(c.globalDataStatus).toBe(region);
    expect(c.globalConfig === null).toBe(region !== 'loaded');
    expect(s.can({ type: 'SIGN_OUT' })).toBe(true);
  }
}

/** Turns every model event into what happens to the running machine. */
function executors(h: Harness) {
  const run = async (event: AnyEventObject) => {
    const before = h.actor.getSnapshot();
    const [, outcome] = event.type.split('.');
    if (event.type === 'xstate.init') return;
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const id = event.type.slice(`xstate.${outcome}.actor.`.length);
      h.effects.length = 0;
      h.settle(id, outcome === 'done' ? 'resolve' : 'reject', outcome === 'done' ? event.output : event.error);
      await waitFor(h.actor, (s) => s !== before, { timeout: 1_000 });
      afterSettled(h, id, outcome === 'done', event);
      return;
    }
    h.effects.length = 0;
    const wasLoadingGlobalData = before.matches({ signedIn: { globalData: 'loading' } });
    const globalDataCall = h.pending.get('loadGlobalData');
    h.actor.send(event as never);
    if (event.type === 'SIGN_OUT' && wasLoadingGlobalData) {
      // Leaving the session while global data loads aborts that request.
      expect(globalDataCall?.signal.aborted).toBe(true);
    }
    if (event.type === 'VERIFY' && event.otp === RIGHT_CODE) {
      expect(h.invocations.at(-1)).toEqual({ src: 'verifyCode', input: { mobileNumber: '9876543210', otp: RIGHT_CODE } });
    }
  };
  return Object.fromEntries(
    [...new Set([...modelEvents.map((e) => e.type), ...sessionEventTypes, 'xstate.init'])].map((type) => [
      type,
      (step: { event: { type: string } }) => run(step.event as AnyEventObject),
    ]),
  );
}

/** Checks the effects of an actor outcome (the machine's named actions as the host would see them). */
function afterSettled(h: Harness, invokeId: string, succeeded: boolean, event: AnyEventObject): void {
  const s = h.actor.getSnapshot();
  if (invokeId === sessionInvokeIds.revokeKey) {
    // Whether or not the server revoked the key, the browser signs out, and the toast comes after the reset.
    expect(s.matches({ signedOut: 'enteringNumber' })).toBe(true);
    expect(h.effects).toEqual(['clearKey', 'resetClientState', 'toastLogoutSuccess', 'goToLogin', 'clearQueryCache']);
  }
  if (invokeId === sessionInvokeIds.validateKey || invokeId === sessionInvokeIds.revalidateKey || invokeId === sessionInvokeIds.verifyCode) {
    if (succeeded) {
      expect(h.effects).toEqual([`persistKey:${KEY}`]);
      expect(s.context.user).toEqual(event.output);
    } else if (s.matches('signedOut') && invokeId !== sessionInvokeIds.verifyCode) {
      // A refused key: cleared, user reset, back to sign-in (no sign-out toast).
      expect(h.effects).toEqual(['clearKey', 'clearQueryCache', 'redirectToLogin']);
    } else if (invokeId === sessionInvokeIds.revalidateKey) {
      expect(h.effects).toEqual(['logRevalidationFailure']);
    } else {
      expect(s.context.error).toBe(failureOf(event.error).message);
    }
  }
  if (invokeId === sessionInvokeIds.loadGlobalData && !succeeded) {
    // Logged, no message for the user.
    expect(h.effects).toEqual(['logGlobalDataFailure']);
    expect(s.context.error).toBeNull();
  }
}

const executedPaths = new Set<Path>();
const reachedStates = new Set<string>();

async function runPath(path: Path): Promise<void> {
  const h = createHarness();
  h.actor.start();
  try {
    await path.test({
      states: {
        '*': async (expected) => {
          await waitFor(h.actor, (s) => serializeState(s) === serializeState(expected), { timeout: 1_000 }).catch(() => {
            throw new Error(`expected ${serializeState(expected)}\n     got ${serializeState(h.actor.getSnapshot())}`);
          });
          assertInvariants(h.actor.getSnapshot());
        },
      },
      events: executors(h),
    });
  } finally {
    h.actor.stop();
    executedPaths.add(path);
    for (const id of h.reachedStates) reachedStates.add(id);
  }
}

/** A readable test name: the events of the path, outcomes shortened ("verifyCode ✗ rejected"). */
function describePath(path: Path): string {
  const label = (e: AnyEventObject) => {
    const [, outcome, , id] = e.type.split('.');
    if (outcome === 'done') return e.output === null ? `${id} ✓ (none)` : `${id} ✓`;
    if (outcome === 'error') return `${id} ✗ ${failureOf(e.error).kind}`;
    if (e.type === 'SEND_CODE') return `SEND_CODE(${e.mobileNumber})`;
    if (e.type === 'VERIFY') return `VERIFY(${e.otp})`;
    return e.type;
  };
  return path.steps
    .slice(1)
    .map((step) => label(step.event))
    .join(' → ');
}

// ---------------------------------------------------------------------------------------------------

describe('session machine: model-based paths', () => {
  it('generates a bounded, non-trivial set of paths', () => {
    expect(bootPaths.length).toBeGreaterThanOrEqual(4);
    expect(numberStepPaths.length).toBeGreaterThanOrEqual(3);
    expect(codeStepPaths.length).toBeGreaterThan(20);
    expect(sessionPaths.length).toBeGreaterThan(20);
    expect(allPaths.length).toBeLessThan(1_000);
  });

  for (const [stage, paths] of Object.entries(stages)) {
    describe(`${stage} paths`, () => {
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
        await runPath(path);
      });
    });
  }

  it('reaches every state and takes every event of the machine definition', async () => {
    // Paths not yet run (a filtered run) are run here, so this test never passes on partial data.
    for (const path of allPaths) if (!executedPaths.has(path)) await runPath(path);

    const definedStates = getStateNodes(sessionMachine.root).map((node) => node.id);
    const definedEvents = new Set([sessionMachine.root, ...getStateNodes(sessionMachine.root)].flatMap((node) => [...node.transitions.keys()]));
    const takenEvents = new Set(allPaths.flatMap((path) => path.steps.map((step) => step.event.type)));

    expect(definedStates.length).toBeGreaterThan(10);
    expect(definedStates.filter((id) => !reachedStates.has(id))).toEqual([]);
    expect([...definedEvents].filter((type) => !takenEvents.has(type))).toEqual([]);
    // Every event a host may send is handled somewhere.
    expect(sessionEventTypes.filter((type) => !definedEvents.has(type))).toEqual([]);
  });

  it('ignores events blocked by a guard or not accepted in a state (self-transitions)', async () => {
    // Every user event in every state, not only the ones the state lists.
    const userEvents = modelEvents.filter((e) => !e.type.startsWith('xstate.'));
    for (const type of sessionEventTypes) if (!userEvents.some((e) => e.type === type)) userEvents.push({ type });
    const adjacency = getAdjacencyMap(modelLogic, {
      ...traversal,
      events: (snapshot: Snapshot) => [...traversal.events(snapshot).filter((e) => e.type.startsWith('xstate.')), ...userEvents],
    });
    const ignored: { state: Snapshot; event: AnyEventObject }[] = [];
    for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
      for (const { event, state: next } of Object.values(transitions) as { event: AnyEventObject; state: Snapshot }[]) {
        if (serializeState(next) === serialized && !event.type.startsWith('xstate.')) ignored.push({ state, event });
      }
    }
    const guarded = (type: string, where: (s: Snapshot) => boolean) => ignored.some((i) => i.event.type === type && where(i.state));
    // The guards that matter to users: no resend during the countdown, no tick below 0, one revalidation at a time.
    expect(guarded('RESEND', (s) => s.matches({ signedOut: 'codeSent' }) && s.context.resendIn > 0)).toBe(true);
    expect(guarded('TICK', (s) => s.matches({ signedOut: 'codeSent' }) && s.context.resendIn === 0)).toBe(true);
    expect(guarded('WINDOW_FOCUSED', (s) => s.matches({ signedIn: { user: 'revalidating' } }))).toBe(true);
    expect(guarded('SIGN_OUT', (s) => s.matches('signedOut'))).toBe(true);

    for (const { state, event } of ignored) {
      const [prefix] = model.getShortestPaths({ toState: (s) => serializeState(s) === serializeState(state) });
      if (!prefix) throw new Error(`no path to ${serializeState(state)}`);
      const h = createHarness();
      h.actor.start();
      await prefix.test({
        states: { '*': (expected) => waitFor(h.actor, (s) => serializeState(s) === serializeState(expected), { timeout: 1_000 }).then(() => {}) },
        events: executors(h),
      });
      const before = serializeState(h.actor.getSnapshot());
      const calls = h.invocations.length;
      h.effects.length = 0;
      h.actor.send(event as never);
      await Promise.resolve();
      expect(serializeState(h.actor.getSnapshot()), `${event.type} in ${before}`).toBe(before);
      expect(h.invocations.length).toBe(calls);
      expect(h.effects).toEqual([]);
      h.actor.stop();
    }
  });
});

describe('session machine: details', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts the resend delay down once a second with its default ticker, then allows RESEND', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadStoredKey: fromPromise(async (): Promise<string | null> => null),
          sendCode: fromPromise(async () => ({ ...codeSent, resendAfterSeconds: 3 })),
        },
      }),
    );
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedOut: 'enteringNumber' })).toBe(true));
    actor.send({ type: 'SEND_CODE', mobileNumber: '09876543210' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedOut: 'codeSent' })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ mobileNumber: '9876543210', resendIn: 3 });
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches({ signedOut: 'codeSent' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().context.resendIn).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().context.resendIn).toBe(0);
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches({ signedOut: 'resendingCode' })).toBe(true);
    actor.stop();
  });

  it('shows the zod messages of a bad number and a malformed code', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadStoredKey: fromPromise(async (): Promise<string | null> => null), sendCode: fromPromise(async () => codeSent) },
      }),
    );
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true));
    actor.send({ type: 'SEND_CODE', mobileNumber: '' });
    expect(actor.getSnapshot().context.error).toBe('This field is required');
    actor.send({ type: 'SEND_CODE', mobileNumber: '12345' });
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Enter a valid 10-digit Indian mobile number', mobileNumber: '12345' });
    actor.send({ type: 'SEND_CODE', mobileNumber: '9876543210' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedOut: 'codeSent' })).toBe(true));
    actor.send({ type: 'VERIFY', otp: '12 34' });
    expect(actor.getSnapshot().context.error).toBe('Enter the 6-digit code');
    expect(actor.getSnapshot().matches({ signedOut: 'codeSent' })).toBe(true);
    actor.stop();
  });

  it('reads failures: own messages kept, anything else generic', () => {
    expect(failureOf(new SessionRequestError('Incorrect code. 4 attempts left.', 'rejected'))).toEqual({
      message: 'Incorrect code. 4 attempts left.',
      kind: 'rejected',
    });
    expect(failureOf({ message: 'Too many', kind: 'rateLimited' })).toEqual({ message: 'Too many', kind: 'rateLimited' });
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ message: GENERIC_ERROR_MESSAGE, kind: 'unavailable' });
    expect(failureOf('boom')).toEqual({ message: GENERIC_ERROR_MESSAGE, kind: 'unavailable' });
  });

  it('treats a loadStoredKey the host did not provide as "no stored key"', async () => {
    const actor = createActor(sessionMachine);
    actor.start();
    // loadStoredKey throws "not provided": unreadable storage counts as no key, so the user can still sign in.
    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true));
    actor.stop();
  });
});

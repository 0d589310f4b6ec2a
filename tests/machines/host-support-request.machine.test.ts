// The host support request machine: every simple path walked, what each state accepts (EDIT until resolved), and
// that resolving needs a note while reopening and closing need a reason.
import { describe, expect, it } from 'vitest';
import { hostSupportRequestEventSchemas, type HostSupportRequestEvent } from '@machines/host-support-request.events';
import { hostSupportRequestMachine } from '@machines/host-support-request.machine';
import { describeEverySimplePath } from './support/walk-paths';

const reason = 'Host says it happened again';
const events: HostSupportRequestEvent[] = [{ type: 'START' }, { type: 'RESOLVE', resolution: 'Reset the meter' }, { type: 'REOPEN', reason }, { type: 'CLOSE', reason }];

describeEverySimplePath({ machine: hostSupportRequestMachine, events: events as never });

describe('hostSupportRequest', () => {
  it.each([
    ['OPEN', ['EDIT', 'START', 'CLOSE'], false],
    ['IN_PROGRESS', ['EDIT', 'RESOLVE'], false],
    ['RESOLVED', ['REOPEN', 'CLOSE'], false],
    ['CLOSED', [], true],
  ] as const)('%s accepts %j (final: %s)', (state, accepted, final) => {
    const snapshot = hostSupportRequestMachine.resolveState({ value: state, context: {} });
    const all = [{ type: 'EDIT' }, ...events];
    expect(all.filter((e) => snapshot.can(e as never)).map((e) => e.type)).toEqual([...accepted]);
    expect(snapshot.status === 'done').toBe(final);
  });

  it.each([
    ['RESOLVE', 'resolution'],
    ['REOPEN', 'reason'],
    ['CLOSE', 'reason'],
  ] as const)('%s needs its %s (at least 3 characters)', (type, field) => {
    const schema = hostSupportRequestEventSchemas[type];
    expect(schema.safeParse({ type }).success).toBe(false);
    expect(schema.safeParse({ type, [field]: ' ok ' }).success).toBe(false);
    expect(schema.safeParse({ type, [field]: 'Fixed on site' }).success).toBe(true);
  });
});

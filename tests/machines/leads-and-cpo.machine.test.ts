// The machines of CPO access requests, CPO leads, location bank sites and opportunity leads: every simple path of the
// three pipelines walked (the access request has two, too few for describeEverySimplePath), what each access-request
// state accepts, and that each ending that takes something away needs a reason.
import { describe, expect, it } from 'vitest';
import { cpoAccessRequestEventSchemas } from '@machines/cpo-access-request.events';
import { cpoAccessRequestMachine } from '@machines/cpo-access-request.machine';
import { cpoLeadEventSchemas, type CpoLeadEvent } from '@machines/cpo-lead.events';
import { cpoLeadMachine } from '@machines/cpo-lead.machine';
import { locationBankEventSchemas, type LocationBankEvent } from '@machines/location-bank.events';
import { locationBankMachine } from '@machines/location-bank.machine';
import { opportunityLeadEventSchemas, type OpportunityLeadEvent } from '@machines/opportunity-lead.events';
import { opportunityLeadMachine } from '@machines/opportunity-lead.machine';
import { describeEverySimplePath } from './support/walk-paths';

const reason = 'Chose another charging partner';
const cpoLeadEvents: CpoLeadEvent[] = [{ type: 'CONTACT' }, { type: 'SCHEDULE_DEMO' }, { type: 'NEGOTIATE' }, { type: 'ONBOARD' }, { type: 'MARK_LOST', reason }];
const locationBankEvents: LocationBankEvent[] = [{ type: 'RECORD_SITE_VISIT' }, { type: 'NEGOTIATE' }, { type: 'APPROVE' }, { type: 'ALLOCATE' }, { type: 'REJECT', reason }];
const opportunityLeadEvents: OpportunityLeadEvent[] = [{ type: 'CONTACT' }, { type: 'MARK_INTERESTED' }, { type: 'REQUEST_KYC' }, { type: 'MARK_INVESTED' }, { type: 'MARK_NOT_INTERESTED', reason }];

describeEverySimplePath({ machine: cpoLeadMachine, events: cpoLeadEvents as never });
describeEverySimplePath({ machine: locationBankMachine, events: locationBankEvents as never });
describeEverySimplePath({ machine: opportunityLeadMachine, events: opportunityLeadEvents as never });

describe('cpoAccessRequest', () => {
  it.each([
    ['PENDING', ['APPROVE', 'REJECT'], false],
    ['APPROVED', [], true],
    ['REJECTED', [], true],
  ] as const)('%s accepts %j (final: %s), never EDIT', (state, accepted, final) => {
    const snapshot = cpoAccessRequestMachine.resolveState({ value: state, context: {} });
    const all = [{ type: 'APPROVE' }, { type: 'REJECT', reason }, { type: 'EDIT' }] as const;
    expect(all.filter((e) => snapshot.can(e as never)).map((e) => e.type)).toEqual([...accepted]);
    expect(snapshot.status === 'done').toBe(final);
  });
});

describe('reasons', () => {
  it.each([
    ['REJECT of an access request', cpoAccessRequestEventSchemas.REJECT],
    ['MARK_LOST of a CPO lead', cpoLeadEventSchemas.MARK_LOST],
    ['REJECT of a location bank site', locationBankEventSchemas.REJECT],
    ['MARK_NOT_INTERESTED of an opportunity lead', opportunityLeadEventSchemas.MARK_NOT_INTERESTED],
  ])('%s needs a reason of at least 3 characters', (_name, schema) => {
    const type = (schema.shape as { type: { value: string } }).type.value;
    expect(schema.safeParse({ type }).success).toBe(false);
    expect(schema.safeParse({ type, reason: 'no' }).success).toBe(false);
    expect(schema.safeParse({ type, reason }).success).toBe(true);
  });

  it('refuses a reason on APPROVE (strict payloads)', () => {
    expect(cpoAccessRequestEventSchemas.APPROVE.safeParse({ type: 'APPROVE', reason }).success).toBe(false);
  });
});

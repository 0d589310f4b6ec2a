import { describe, expect, it } from 'vitest';
import { ownResourceOf, resourceByName } from '@domain/resource/registry';

describe('ownResourceOf', () => {
  it("gives a cross-kind ticket its kind's resource, and leaves every other resource as it is", () => {
    const tickets = resourceByName('tickets');
    expect(ownResourceOf(tickets, { id: 1, kind: 'DELIVERY' }).name).toBe('delivery-tickets');
    expect(ownResourceOf(tickets, { id: 1, kind: 'CHARGER_SERVICING' }).name).toBe('charger-servicing-tickets');
    expect(ownResourceOf(tickets, { id: 1, kind: 'NOT_A_KIND' }).name).toBe('tickets');
    expect(ownResourceOf(resourceByName('demo-tickets'), { id: 1, kind: 'DELIVERY' }).name).toBe('demo-tickets');
    expect(ownResourceOf(resourceByName('chargers'), { id: 1 }).name).toBe('chargers');
  });
});

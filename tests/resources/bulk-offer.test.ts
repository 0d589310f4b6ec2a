import { describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { resourceByName } from '@domain/resource/registry';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { recordWorkflows } from '@machines/workflow-registry';
import { resourceExtensions } from '@app/resource-extensions';
import { bulkOfferFor, hasBulkActions } from '@resources/bulk-offer';

describe('the bulk actions a list offers', () => {
  it('offers on every workflow list only events whose payload is choices or optional, each with a choice field per required key', () => {
    let offered = 0;
    let withheld = 0;
    for (const workflow of recordWorkflows) {
      const resource = resourceByName(workflow.resource);
      const offer = bulkOfferFor(resource, allPermissions, resourceExtensions);
      const types = offer.events.map((e) => e.type);
      for (const [type, schema] of Object.entries(workflow.eventSchemas)) {
        const required = Object.entries(schema.shape).filter(([name, field]) => name !== 'type' && !(field as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success);
        const allChoices = required.every(([name]) => (workflow.eventFields?.[name] ?? resource.allFields[name])?.inputKind === 'select');
        const expected = allChoices && !workflow.ownerField && !(resource.table === 'tickets' && type === 'CLOSE');
        expect(types.includes(type), `${workflow.resource} ${type}`).toBe(expected);
        if (expected) offered += 1;
        else withheld += 1;
      }
    }
    // Both kinds exist: the rule is not vacuous.
    expect(offered).toBeGreaterThan(10);
    expect(withheld).toBeGreaterThan(3);
  });

  it('offers the ticket actions (Close included) on the cross-kind ticket lists, by permission, and activate where the resource has it', () => {
    expect(bulkOfferFor(ticketResource, allPermissions, resourceExtensions).actions.map((a) => a.id)).toEqual(['assign', 'priority', 'dueDate', 'tags', 'close']);
    expect(bulkOfferFor(ticketResource, ['ROLE_ASSIGN_TICKET'], resourceExtensions).actions.map((a) => a.id)).toEqual(['assign']);
    expect(hasBulkActions(bulkOfferFor(ticketResource, ['ROLE_VIEW_ALL_TICKETS'], resourceExtensions))).toBe(false);
    expect(bulkOfferFor(vendorResource, ['ROLE_UPDATE_VENDOR'], resourceExtensions)).toMatchObject({ activate: true, actions: [], events: [] });
    expect(hasBulkActions(bulkOfferFor(vendorResource, ['ROLE_VIEW_VENDOR'], resourceExtensions))).toBe(false);
  });

  it("offers on the cross-kind ticket lists (My, Open, Today's tickets) the events of the kinds' workflows the user may send, each once", () => {
    const support = recordWorkflows.find((w) => w.resource === 'customer-support-tickets')!;
    const permission = support.permissions.START_WORK!;
    // A customer support agent holds none of the common ticket actions: their Today's tickets had no selection at all.
    const offer = bulkOfferFor(ticketResource, [permission], resourceExtensions);
    expect(hasBulkActions(offer)).toBe(true);
    expect(offer.actions).toEqual([]);
    expect(offer.events.map((e) => e.type)).toContain('START_WORK');
    const types = bulkOfferFor(ticketResource, allPermissions, resourceExtensions).events.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).not.toContain('CLOSE');
  });
});

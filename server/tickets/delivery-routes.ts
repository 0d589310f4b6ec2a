// The delivery tickets of one entity (delivery-ticket/entityType/{type}/entityId/{id}): an order's, a
// consignment's or a charger servicing ticket's deliveries, paged like every list.
import { z } from 'zod';
import { deliveryTicketResource } from '@domain/resources/tickets/delivery-ticket';
import { listQuerySchema, listResultSchema } from '@domain/resource/list-query';
import { problemSchema } from '@domain/problem';
import { validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { listRecords } from '@server/resources/resource-query';

/** The entity types a delivery points at, and the delivery field holding each one's id. */
export const deliveryEntityFields = { ORDER: 'orderId', CONSIGNMENT: 'consignmentId', CHARGER_SERVICING_TICKET: 'chargerServicingTicketId' } as const;

/** Schema of the path parameters. */
export const deliveryEntityParamsSchema = z.strictObject({
  type: z.enum(Object.keys(deliveryEntityFields) as [keyof typeof deliveryEntityFields, ...(keyof typeof deliveryEntityFields)[]], {
    error: `Entity type is one of: ${Object.keys(deliveryEntityFields).join(', ')}`,
  }),
  id: z.string().regex(/^\d{1,15}$/, 'Entity id is a whole number').transform(Number),
});

/** Registers GET /ticket-service/delivery-ticket/entityType/:type/entityId/:id. */
export function registerDeliveryRoutes(registry: RouteRegistry): void {
  const resource = deliveryTicketResource;
  registry.route({
    method: 'GET',
    path: `${resource.apiPath}/entityType/:type/entityId/:id`,
    access: { kind: 'permission', permission: 'ROLE_VIEW_DELIVERY_TICKETS' },
    query: listQuerySchema(resource),
    summary: 'The delivery tickets of an order, a consignment or a charger servicing ticket (type ORDER, CONSIGNMENT or CHARGER_SERVICING_TICKET), paged like lists.',
    responses: {
      200: { description: 'A page of delivery tickets', schema: listResultSchema },
      400: { description: 'Invalid entity type or id', schema: problemSchema },
      403: { description: 'Missing ROLE_VIEW_DELIVERY_TICKETS', schema: problemSchema },
    },
    handler: async ({ c, query, deps }) => {
      const params = deliveryEntityParamsSchema.safeParse({ type: c.req.param('type'), id: c.req.param('id') });
      if (!params.success) throw validationProblem(params.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
      const field = deliveryEntityFields[params.data.type];
      const result = await listRecords(deps.db, resource, { ...query, filters: { ...query.filters, [field]: params.data.id } }, []);
      return c.json({ ...result, page: query.page, size: query.size }, 200);
    },
  });
}

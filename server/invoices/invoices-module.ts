// Invoices: their PDFs and postpaid billing; a postpaid configuration stays active while it has bookings to bill.
import { postpaidBillingResource } from '@domain/resources/postpaid/postpaid-billing';
import type { ServerModule } from '@server/server-module';
import { registerInvoiceRoutes } from './invoice-routes';
import { assertNothingUnbilled } from './postpaid-billing';

export const invoicesModule: ServerModule = {
  name: 'invoices',
  routes: (registry) => registerInvoiceRoutes(registry),
  activationChecks: {
    // A postpaid configuration with unbilled bookings stays active until they are billed (Bill period refuses an inactive one).
    [postpaidBillingResource.name]: async (tx, id, active, now) => {
      if (!active) await assertNothingUnbilled(tx, Number(id), now);
    },
  },
};

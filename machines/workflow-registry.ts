import type { RecordWorkflow } from './record-workflow';
import { bookingAnomalyWorkflow } from './booking-anomaly.workflow';
import { bookingWorkflow } from './booking.workflow';
import { bundleWorkflow } from './bundle.workflow';
import { chargerApprovalWorkflow } from './charger-approval.workflow';
import { chargerServicingWorkflow } from './charger-servicing.workflow';
import { customerSupportWorkflow } from './customer-support.workflow';
import { demoWorkflow } from './demo.workflow';
import { hardwareServicingWorkflow } from './hardware-servicing.workflow';
import { hostSupportRequestWorkflow } from './host-support-request.workflow';
import { consignmentWorkflow } from './consignment.workflow';
import { creditRequestWorkflow } from './credit-request.workflow';
import { cpoAccessRequestWorkflow } from './cpo-access-request.workflow';
import { cpoLeadWorkflow } from './cpo-lead.workflow';
import { deliveryWorkflow } from './delivery.workflow';
import { downloadWorkflow } from './download.workflow';
import { installationWorkflow } from './installation.workflow';
import { investorBundleWorkflow } from './investor-bundle.workflow';
import { locationBankWorkflow } from './location-bank.workflow';
import { opportunityLeadWorkflow } from './opportunity-lead.workflow';
import { orderWorkflow } from './order.workflow';
import { payoutWorkflow } from './payout.workflow';
import { settlementWorkflow } from './settlement.workflow';
import { siteInspectionWorkflow } from './site-inspection.workflow';
import { topUpRequestWorkflow } from './top-up-request.workflow';
import { userApprovalWorkflow } from './user-approval.workflow';

/** Every record workflow, shared by the server (which enforces them) and the console (which offers their events). */
export const recordWorkflows: readonly RecordWorkflow[] = [siteInspectionWorkflow, installationWorkflow, deliveryWorkflow, consignmentWorkflow, settlementWorkflow, payoutWorkflow,
  customerSupportWorkflow, demoWorkflow, bundleWorkflow, bookingAnomalyWorkflow, chargerApprovalWorkflow, hardwareServicingWorkflow, chargerServicingWorkflow, orderWorkflow, downloadWorkflow, userApprovalWorkflow,
  cpoAccessRequestWorkflow, cpoLeadWorkflow, locationBankWorkflow, opportunityLeadWorkflow, topUpRequestWorkflow, investorBundleWorkflow, bookingWorkflow, hostSupportRequestWorkflow, creditRequestWorkflow];

/** The workflow of a resource, if it has one. */
export function workflowOf(resourceName: string): RecordWorkflow | undefined {
  return recordWorkflows.find((w) => w.resource === resourceName);
}

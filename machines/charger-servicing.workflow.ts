import { chargerServicingMachine } from './charger-servicing.machine';
import { servicingWorkflow } from './servicing.workflow';

/** The servicing machine bound to charger servicing tickets. */
export const chargerServicingWorkflow = servicingWorkflow('charger-servicing-tickets', chargerServicingMachine, 'ROLE_SET_CHARGER_SERVICING_AVAILABLE_DATE', 'ROLE_COMPLETE_CHARGER_SERVICING_TICKET');

import { hardwareServicingMachine } from './hardware-servicing.machine';
import { servicingWorkflow } from './servicing.workflow';

/** The servicing machine bound to hardware servicing tickets. */
export const hardwareServicingWorkflow = servicingWorkflow('hardware-servicing-tickets', hardwareServicingMachine, 'ROLE_SET_HARDWARE_SERVICING_AVAILABLE_DATE', 'ROLE_COMPLETE_HARDWARE_SERVICING_TICKET');

import type { ConsignmentEvent } from '@machines/consignment.events';
import { consignmentMachine } from '@machines/consignment.machine';
import { describeEverySimplePath } from './support/walk-paths';

const events: ConsignmentEvent[] = [{ type: 'DISPATCH' }, { type: 'MARK_RECEIVED' }, { type: 'CANCEL', reason: 'Vendor out of stock' }];

describeEverySimplePath({ machine: consignmentMachine, events: events as never });

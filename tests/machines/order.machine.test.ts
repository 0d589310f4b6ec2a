import type { OrderEvent } from '@machines/order.events';
import { orderMachine } from '@machines/order.machine';
import { describeEverySimplePath } from './support/walk-paths';

const events: OrderEvent[] = [{ type: 'CONFIRM' }, { type: 'PACK' }, { type: 'SHIP' }, { type: 'MARK_DELIVERED' }, { type: 'CANCEL', reason: 'Customer changed their mind' }];

describeEverySimplePath({ machine: orderMachine, events: events as never });

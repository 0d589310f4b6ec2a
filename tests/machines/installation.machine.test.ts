import type { InstallationEvent } from '@machines/installation.events';
import { installationMachine } from '@machines/installation.machine';
import { describeEverySimplePath } from './support/walk-paths';

const events: InstallationEvent[] = [
  { type: 'FILL_FORM', phoneNumber: '9845044444', uniqueId: 'CZ009999', purposeOfAssigning: 'INSTALLATION' },
  { type: 'SEND_FOR_APPROVAL' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'Wrong unique id' },
  { type: 'MARK_INSTALLED' },
  { type: 'FORCE_CLOSE', reason: 'Host cancelled' },
];

describeEverySimplePath({ machine: installationMachine, events: events as never });

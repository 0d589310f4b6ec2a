import { userResource } from '@domain/resources/users/user';
import type { ResourceExtension } from '@resources/resource-extension';
import { ChangeNumberPanel } from './change-number-panel';

/** "Change sign-in number" at the top of a user's page. */
export const changeNumberExtension: ResourceExtension = {
  feature: 'change-number',
  appliesTo: (resource) => resource.name === userResource.name,
  record: { panels: [{ component: ChangeNumberPanel, place: 'top' }] },
};

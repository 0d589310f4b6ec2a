import type { Resource } from './define-resource';
import { bookingResources } from '../entities/bookings';
import { chargerResources } from '../entities/chargers';
import { financeResources } from '../entities/finance';
import { globalDataResources } from '../entities/global-data';
import { leadResources } from '../entities/leads';
import { operatorResources } from '../entities/operators';
import { ticketResources } from '../entities/tickets';
import { userResources } from '../entities/users';
import { walletResources } from '../entities/wallets';

/** Every resource of the console, in menu order of their modules. */
export const resources: readonly Resource[] = [
  ...chargerResources,
  ...ticketResources,
  ...leadResources,
  ...userResources,
  ...walletResources,
  ...bookingResources,
  ...financeResources,
  ...operatorResources,
  ...globalDataResources,
];

const byName = new Map(resources.map((r) => [r.name, r]));

/** The resource of that name; throws for an unknown name (a programming error). */
export function resourceByName(name: string): Resource {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown resource "${name}"`);
  return found;
}

/** The resource of that name, or undefined. */
export function findResource(name: string): Resource | undefined {
  return byName.get(name);
}

/**
 * The resource a record belongs to: itself, or for a cross-kind resource over a shared table (every ticket's
 * `tickets`) the kind's own resource whose fixed values the record has, so its workflow and history apply.
 */
export function ownResourceOf(resource: Resource, record: Readonly<Record<string, unknown>>): Resource {
  if (resource.fixed) return resource;
  return resources.find((r) => r.table === resource.table && r.fixed && Object.entries(r.fixed).every(([field, value]) => record[field] === value)) ?? resource;
}

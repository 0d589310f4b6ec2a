import { z } from 'zod';
import { storableString } from './storable-text';

/** What an entity lookup searches: everything, tickets only (`#`), or users and hosts only (`@`). */
export const lookupScopeSchema = z.enum(['all', 'tickets', 'people']);
export type LookupScope = z.infer<typeof lookupScopeSchema>;

/** Query of `GET /search-service/lookup`: the typed text (an id, a number or a phone in any common form). */
export const lookupQuerySchema = z.strictObject({
  q: storableString().trim().min(1, 'Type something to look up').max(100, 'At most 100 characters'),
  scope: lookupScopeSchema.default('all'),
  /** Results per group (exact matches first, then prefix matches). */
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export type LookupQuery = z.infer<typeof lookupQuerySchema>;

/** Groups of lookup results, in the order the palette shows them. */
export const lookupGroupKinds = ['chargers', 'tickets', 'bookings', 'orders', 'users', 'hosts'] as const;
export const lookupGroupKindSchema = z.enum(lookupGroupKinds);
export type LookupGroupKind = z.infer<typeof lookupGroupKindSchema>;

/** One record found by a lookup. */
export const lookupItemSchema = z.object({
  /** The record's id in its resource. */
  id: z.string(),
  /** What the palette shows first (e.g. the charger's unique id, the ticket's title with its number). */
  title: z.string(),
  /** Second line (e.g. "Device id 8612…", "+91 98450 22222 · Host"). */
  subtitle: z.string().optional(),
  /** The console path of the record's detail page. */
  path: z.string(),
  /** Which field matched (e.g. deviceId, mobileNumber). */
  matchedField: z.string(),
  /** Exact matches rank above prefix matches. */
  match: z.enum(['exact', 'prefix']),
});
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** A group of results: one kind of record the caller may view. */
export const lookupGroupSchema = z.object({ kind: lookupGroupKindSchema, title: z.string(), items: z.array(lookupItemSchema) });
export type LookupGroup = z.infer<typeof lookupGroupSchema>;

/** Answer of `GET /search-service/lookup`: only groups the caller may view, and only groups with results. */
export const lookupResultSchema = z.object({ q: z.string(), groups: z.array(lookupGroupSchema) });
export type LookupResult = z.infer<typeof lookupResultSchema>;

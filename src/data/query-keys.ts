/**
 * The one factory of TanStack Query keys (DESIGN "Console state"): `[resource, 'list', params]`,
 * `[resource, 'one', id]`. Invalidating `queryKeys.resource(name).all` refreshes every list and record
 * of a resource, because query keys match by prefix.
 */

/** List parameters as they go in a key: page, size, sort, filters, search. */
export type ListParams = Readonly<Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>>;

/** Drops undefined parameters, so `{ q: undefined }` and `{}` share a cache entry. */
function definedParams(params: ListParams): ListParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

/** The keys of one resource (e.g. "chargers"). */
export function resourceKeys<const TName extends string>(name: TName) {
  return {
    /** Every key of the resource (lists and records). */
    all: [name] as const,
    /** Every list of the resource, whatever its parameters. */
    lists: [name, 'list'] as const,
    /** One list page; default parameters: none. */
    list: (params: ListParams = {}) => [name, 'list', definedParams(params)] as const,
    /** Every record of the resource. */
    ones: [name, 'one'] as const,
    /** One record by id. */
    one: (id: string | number) => [name, 'one', String(id)] as const,
  };
}

/** The query-key factory. */
export const queryKeys = {
  /** Keys of one resource: `queryKeys.resource('chargers').list({ page: 0 })`. */
  resource: resourceKeys,
  /** Global data (the global config loaded after sign-in). */
  globalData: () => ['globalData'] as const,
  /** The signed-in user's session. */
  session: () => ['session'] as const,
  /** A charger's live OCPP state, commands, meter values and message log (the live channel invalidates `['ocpp', id]`). */
  ocpp: (chargerId: string | number) => ({
    all: ['ocpp', String(chargerId)] as const,
    live: ['ocpp', String(chargerId), 'live'] as const,
    commands: ['ocpp', String(chargerId), 'commands'] as const,
    meterValues: (transactionId: number | null) => ['ocpp', String(chargerId), 'meter-values', transactionId] as const,
    messages: (params: ListParams) => ['ocpp', String(chargerId), 'messages', definedParams(params)] as const,
  }),
  /** The signed link to a private upload, by its relative path. */
  signedUpload: (relativePath: string) => ['signedUpload', relativePath] as const,
};

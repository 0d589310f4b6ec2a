// The contract between a server feature and the app: every folder under server/ that answers requests, runs jobs or
// adds to another feature's work exports one ServerModule from `server/<feature>/<feature>-module.ts`. The app lists
// them once (server/app-modules.ts), and the functions here gather from that list what the app, the transition
// routes, the generic resource routes and the job workers need, so no feature keeps a registry of other features.
import type { ResolvedDeps, Logger } from '@server/app-deps';
import type { AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import type { RouteRegistry } from '@server/http/route-registry';
import type { JobHandler, ScheduledJob } from '@server/jobs/job-worker';
import type { NotificationBus } from '@server/live/notification-bus';
import type { ExtraRequestBodies } from '@server/openapi/build-openapi';
import type { ActivationChecks } from '@server/resources/activation-checks';
import type { WorkflowEffects } from '@server/workflows/workflow-effects';

/** What every module's routes may use of the others: gathered from the whole list before any route is registered. */
export interface ModuleParts {
  /** Every workflow's effects, by workflow resource name. */
  effects: WorkflowEffects;
  /** Every resource's activation check, by resource name. */
  activationChecks: ActivationChecks;
}

/** What job handlers are built with (the server's job workers; tests running jobs by hand). */
export interface JobDeps {
  db: Database;
  config: AppConfig;
  /** The notification bus: jobs announce progress on the live channel. Without it the console polls. */
  bus?: NotificationBus;
  now?: () => Date;
  logger?: Logger;
  /** Smaller batches, sheets and progress steps, so a test sees them with little data (default: each job's own). */
  tuning?: JobTuning;
}

/** Sizes a test may shrink (exports read them). */
export interface JobTuning {
  batchRows?: number;
  maxRowsPerSheet?: number;
  progressEveryMs?: number;
}

/** A module's background jobs: its handlers by job kind, and the kinds queued on a period. */
export interface ModuleJobs {
  handlers: Readonly<Record<string, JobHandler>>;
  schedule?: readonly ScheduledJob[];
}

/** A channel of the notification bus a module listens to for as long as the app runs. */
export interface LiveListener {
  channel: string;
  /** Why it listens, in a sentence. */
  summary: string;
  /** The listener, given the app's resolved dependencies. */
  listener(deps: ResolvedDeps): (payload: unknown) => void;
}

/** One feature of the server, as the app assembles it. Every field but the name is optional. */
export interface ServerModule {
  /** The feature's folder under server/ (unique). */
  readonly name: string;
  /** Registers the feature's routes; the app calls each module's in the order of its list. */
  routes?(registry: RouteRegistry, parts: ModuleParts): void;
  /** Side effects of the feature's workflow events, by workflow resource name, run inside the transition's transaction. */
  readonly effects?: WorkflowEffects;
  /** Checks run before a resource is activated or inactivated, by resource name (409 refuses). */
  readonly activationChecks?: ActivationChecks;
  /** The feature's background jobs. */
  jobs?(deps: JobDeps): ModuleJobs;
  /** Bus channels the feature listens to while the app runs. */
  readonly liveEvents?: readonly LiveListener[];
  /** Request bodies that are not JSON (multipart uploads), by "METHOD /path", documented by hand in the OpenAPI document. */
  readonly requestBodies?: ExtraRequestBodies;
  /** True for a request path whose route checks a body limit of its own (larger than the app's). */
  ownsBodyLimit?(requestPath: string): boolean;
}

/** Merges the keyed declarations of several modules, refusing a key two of them declare (one owner per workflow, resource, job kind). */
function merged<T>(what: string, declared: readonly (readonly [module: string, values: Readonly<Record<string, T>> | undefined])[]): Record<string, T> {
  const all: Record<string, T> = {};
  const owner = new Map<string, string>();
  for (const [module, values] of declared) {
    for (const [key, value] of Object.entries(values ?? {})) {
      const first = owner.get(key);
      if (first !== undefined) throw new Error(`Two server modules declare ${what} "${key}": ${first} and ${module}.`);
      owner.set(key, module);
      all[key] = value;
    }
  }
  return all;
}

/** Refuses a list naming one module twice. */
function checkNames(modules: readonly ServerModule[]): void {
  const seen = new Set<string>();
  for (const { name } of modules) {
    if (seen.has(name)) throw new Error(`The server module ${name} is listed twice.`);
    seen.add(name);
  }
}

/** The parts every module's routes may use: effects and activation checks of the whole list. */
export function gatherParts(modules: readonly ServerModule[]): ModuleParts {
  checkNames(modules);
  return {
    effects: Object.freeze(merged('the effects of workflow', modules.map((m) => [m.name, m.effects] as const))),
    activationChecks: Object.freeze(merged('the activation check of resource', modules.map((m) => [m.name, m.activationChecks] as const))),
  };
}

/** Registers every module's routes, in the list's order (a path two routes could answer goes to the first). */
export function registerModuleRoutes(registry: RouteRegistry, modules: readonly ServerModule[]): void {
  const parts = gatherParts(modules);
  for (const module of modules) module.routes?.(registry, parts);
}

/** Every module's job handlers (one module per job kind) and schedule. */
export function gatherJobs(modules: readonly ServerModule[], deps: JobDeps): { handlers: Record<string, JobHandler>; schedule: ScheduledJob[] } {
  checkNames(modules);
  const jobs = modules.map((m) => [m.name, m.jobs?.(deps)] as const);
  const handlers = merged('a handler of job kind', jobs.map(([name, declared]) => [name, declared?.handlers] as const));
  const schedule = jobs.flatMap(([, declared]) => declared?.schedule ?? []);
  for (const { kind } of schedule) if (!handlers[kind]) throw new Error(`A scheduled job kind has no handler: ${kind}.`);
  return { handlers, schedule };
}

/** Every module's bus listeners. */
export function gatherLiveListeners(modules: readonly ServerModule[]): LiveListener[] {
  return modules.flatMap((m) => m.liveEvents ?? []);
}

/** Every module's hand-documented request bodies. */
export function gatherRequestBodies(modules: readonly ServerModule[]): ExtraRequestBodies {
  return merged('the request body of', modules.map((m) => [m.name, m.requestBodies] as const));
}

/** A test of a request path: true when some module checks that path's body limit itself. */
export function bodyLimitOwners(modules: readonly ServerModule[]): (requestPath: string) => boolean {
  const owners = modules.flatMap((m) => (m.ownsBodyLimit ? [m.ownsBodyLimit] : []));
  return (requestPath) => owners.some((owns) => owns(requestPath));
}

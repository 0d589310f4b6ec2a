// What makes a server process ready to take traffic, beside its database answering (GET /health/ready): the parts
// that start after the HTTP listener (the OCPP central system's process) register a check here, and a draining
// process says so. A load balancer sends nothing to a process that is not ready.

/** One named check: true when that part is ready. */
export type ReadinessCheck = () => boolean;

/** The checks of one process. */
export interface HealthChecks {
  add(name: string, check: ReadinessCheck): void;
  /** The names of the checks not ready now (empty when all are). */
  failing(): string[];
}

/** Creates the checks of one process (none at first). */
export function createHealthChecks(): HealthChecks {
  const checks = new Map<string, ReadinessCheck>();
  return {
    add: (name, check) => void checks.set(name, check),
    failing: () => [...checks].filter(([, check]) => !check()).map(([name]) => name),
  };
}

/** Path prefixes of the backend services: everything under them is API, never the console. */
export const servicePrefixes = [
  '/config',
  '/auth-service',
  '/ticket-service',
  '/charger-service',
  '/user-service',
  '/booking-service',
  '/ccu',
  '/pw-service',
  '/upload-service',
  '/lms',
  '/notification-service',
  '/vehicle-service',
  '/cpo-service',
  '/sc-service',
  '/ocpp',
  '/search-service',
] as const;

/** Paths the API answers besides the service prefixes. */
export const otherApiPaths = ['/health', '/cdn', '/events'] as const;

/** True when the path is under a service prefix (or is /health or /cdn): never answered by the console's index.html. */
export function isApiPath(pathname: string): boolean {
  return [...servicePrefixes, ...otherApiPaths].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

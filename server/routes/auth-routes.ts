import { z } from 'zod';
import { permissionFamilies } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { currentUserSchema, sendOtpRequestSchema, sendOtpResponseSchema, sessionPaths, verifyOtpRequestSchema } from '@domain/session';
import { loadCurrentUser } from '@server/auth/current-user';
import { sendOtp, verifyOtp } from '@server/auth/otp-service';
import { revokeSession } from '@server/auth/session-service';
import type { RouteRegistry } from '@server/http/route-registry';

/** Answer of GET /auth-service/role/permission: the permission catalogue grouped by family. */
export const permissionCatalogueSchema = z.object({
  families: z.array(z.object({ family: z.string(), permissions: z.array(z.string()) })),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

/** Sign-in by one-time code, session validation, sign-out, and the permission catalogue. */
export function registerAuthRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: sessionPaths.sendOtp,
    access: { kind: 'public' },
    body: sendOtpRequestSchema.strict(),
    summary: 'Send a one-time sign-in code to a staff mobile number (same answer for every number).',
    responses: {
      202: { description: 'Accepted', schema: sendOtpResponseSchema },
      400: { description: 'Invalid number', schema: problemSchema },
      403: { description: 'The number is blocked from signing in (same answer for every blocked number)', schema: problemSchema },
      429: { description: 'Too many codes requested (Retry-After header)', schema: problemSchema },
    },
    handler: async ({ c, body, deps, clientAddress }) => {
      const answer = await sendOtp(deps, body.mobileNumber, clientAddress);
      return c.json(answer, 202);
    },
  });

  registry.route({
    method: 'POST',
    path: sessionPaths.verifyOtp,
    access: { kind: 'public' },
    body: verifyOtpRequestSchema.strict(),
    summary: 'Exchange the one-time code for a session: answers the current user with a new auth key.',
    responses: {
      200: { description: 'Signed in', schema: currentUserSchema },
      400: { description: 'Invalid input', schema: problemSchema },
      401: { description: 'Wrong, used, expired or burnt code', schema: problemSchema },
      403: { description: 'The number is blocked from signing in', schema: problemSchema },
    },
    handler: async ({ c, body, deps, clientAddress }) => {
      const { userId, authKey } = await verifyOtp(deps, body, { clientAddress, userAgent: c.req.header('user-agent') });
      return c.json(await loadCurrentUser(deps.db, userId, authKey), 200);
    },
  });

  registry.route({
    method: 'GET',
    path: sessionPaths.validate,
    access: { kind: 'signed-in' },
    summary: 'Validate the bearer key and answer the current user (permissions read fresh).',
    responses: { 200: { description: 'The current user', schema: currentUserSchema }, 401: { description: 'Not signed in', schema: problemSchema } },
    handler: async ({ c, session, deps }) => c.json(await loadCurrentUser(deps.db, session.userId, session.authKey), 200),
  });

  registry.route({
    method: 'POST',
    path: sessionPaths.signOut,
    access: { kind: 'signed-in' },
    summary: 'Revoke the bearer key.',
    responses: { 204: { description: 'Signed out' }, 401: { description: 'Not signed in', schema: problemSchema } },
    handler: async ({ c, session, deps }) => {
      await revokeSession(deps, session);
      return c.body(null, 204);
    },
  });

  registry.route({
    method: 'GET',
    path: '/auth-service/role/permission',
    access: { kind: 'permission', permission: 'ROLE_VIEW_ROLES' },
    summary: 'The permission catalogue, grouped by family.',
    responses: { 200: { description: 'The catalogue', schema: permissionCatalogueSchema } },
    handler: ({ c }) => {
      const answer: PermissionCatalogue = {
        families: Object.entries(permissionFamilies).map(([family, permissions]) => ({ family, permissions: [...permissions] })),
      };
      return c.json(answer, 200);
    },
  });
}

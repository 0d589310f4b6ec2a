import type { Permission } from '@domain/permissions';

/** A checked bearer key: whose session it is and what they may do (read fresh for this request). */
export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
  /** The bearer key as sent (echoed back by the session route). */
  authKey: string;
  /** Union of the permissions of the user's active roles, sorted. */
  permissions: Permission[];
}

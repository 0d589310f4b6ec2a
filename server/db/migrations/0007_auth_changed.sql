-- Every change that can affect a signed-in session announces itself on the auth_changed channel, from whatever
-- process or tool made it, so each server process drops its in-process copies of checked sessions at once
-- (server/auth/auth-cache.ts). Statement-level: one notification per statement; PostgreSQL folds identical
-- notifications of one transaction into one.
CREATE FUNCTION "czo_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', json_build_object('table', TG_TABLE_NAME)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions: a sign-out or revocation (last_seen_at refreshes are not announced: they never refuse anyone).
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "revoked_at", "expires_at" OR DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "czo_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "is_active" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "czo_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "czo_users_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "czo_users" FOR EACH STATEMENT EXECUTE FUNCTION "czo_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "czo_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "czo_auth_changed"();

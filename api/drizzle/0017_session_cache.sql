-- The session lookup for api/src/auth/sessionUserCache.ts: it also answers until when its answer
-- holds by the clock (the session's expiry; the first live role list to lapse), and admin is
-- decided by the API from `admin_email`, `signed_in_with` and `signed_in_at` at every request
-- (the 12 h rule needs the request's clock, not the lookup's).
DROP FUNCTION "pixlings_session_user"(text, timestamptz, timestamptz);--> statement-breakpoint
CREATE FUNCTION "pixlings_session_user"("p_session_id" text, "p_at" timestamptz)
RETURNS TABLE (
	"id" integer,
	"google_issuer" text,
	"google_sub" text,
	"email" text,
	"first_name" text,
	"username" text,
	"picture_url" text,
	"created_at" timestamptz,
	"deleted_at" timestamptz,
	"session_id" text,
	"wallet_address" text,
	"linking_dismissed" boolean,
	"signed_in_with" sign_in_method,
	"signed_in_at" timestamptz,
	"expires_at" timestamptz,
	"linked_wallets" text[],
	"is_artist" boolean,
	"admin_email" boolean,
	"roles_until" timestamptz
)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT u.id, u.google_issuer, u.google_sub, u.email, u.first_name, u.username, u.picture_url, u.created_at, u.deleted_at,
		s.id, s.wallet_address, s.linking_dismissed, s.signed_in_with, s.created_at, s.expires_at,
		coalesce((SELECT array_agg(w.address ORDER BY w.id) FROM user_wallets w WHERE w.user_id = u.id), '{}'::text[]),
		EXISTS (SELECT 1 FROM artists a WHERE a.user_id = u.id AND pixlings_artist_granted(u.email, a.email, a.slug)),
		u.email IS NOT NULL AND pixlings_role_granted('admin:' || lower(u.email), NULL),
		(SELECT min(r.live_until) FROM role_lists r WHERE r.live_until > now())
	FROM sessions s
	JOIN users u ON u.id = s.user_id
	WHERE s.id = p_session_id AND s.expires_at > p_at AND u.deleted_at IS NULL;
END
$$;--> statement-breakpoint
-- Every change to what a session lookup reads is announced on `pixlings_session_users`: the
-- user's id, or `*` when any user's roles may change. The embedded database delivers these before
-- the writing statement (or its transaction's commit) returns to its caller, so the API's cache of
-- lookups (api/src/auth/sessionUserCache.ts) drops an answer before anything can read it again.
CREATE FUNCTION "pixlings_session_users_changed"()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_old integer;
	v_new integer;
BEGIN
	IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'role_lists' THEN
		PERFORM pg_notify('pixlings_session_users', '*');
		RETURN NULL;
	END IF;
	-- Each assignment is planned only when reached: `users` has no user_id, the others no user's id.
	IF TG_TABLE_NAME = 'users' THEN
		v_old := OLD.id;
	ELSIF TG_OP <> 'INSERT' THEN
		v_old := OLD.user_id;
	END IF;
	IF TG_OP <> 'DELETE' AND TG_TABLE_NAME <> 'users' THEN
		v_new := NEW.user_id;
	END IF;
	IF v_old IS NOT NULL THEN
		PERFORM pg_notify('pixlings_session_users', v_old::text);
	END IF;
	IF v_new IS NOT NULL AND v_new IS DISTINCT FROM v_old THEN
		PERFORM pg_notify('pixlings_session_users', v_new::text);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A new session is in no cache: only its changes and its end count.
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "user_wallets_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_wallets" FOR EACH ROW EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "artists_changed" AFTER INSERT OR UPDATE OR DELETE ON "artists" FOR EACH ROW EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
-- Role lists: a process's lists that appear, go while live, change, lapse or come back to life,
-- or whose end moves nearer. A refresh that only moves a live list's `live_until` on is silent: a
-- list that lapses is the cached answer's `roles_until`.
CREATE TRIGGER "role_lists_inserted" AFTER INSERT ON "role_lists" FOR EACH ROW EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "role_lists_updated" AFTER UPDATE ON "role_lists" FOR EACH ROW
	WHEN (NOT (OLD.grants IS NOT DISTINCT FROM NEW.grants AND OLD.live_until > now() AND NEW.live_until >= OLD.live_until))
	EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "role_lists_deleted" AFTER DELETE ON "role_lists" FOR EACH ROW WHEN (OLD.live_until > now()) EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "user_wallets_truncated" AFTER TRUNCATE ON "user_wallets" FOR EACH STATEMENT EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "artists_truncated" AFTER TRUNCATE ON "artists" FOR EACH STATEMENT EXECUTE FUNCTION "pixlings_session_users_changed"();--> statement-breakpoint
CREATE TRIGGER "role_lists_truncated" AFTER TRUNCATE ON "role_lists" FOR EACH STATEMENT EXECUTE FUNCTION "pixlings_session_users_changed"();

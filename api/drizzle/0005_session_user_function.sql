-- The user of a live session, its wallets and roles: what every signed-in request asks
-- (api/src/auth/getSessionUser.ts). A PL/pgSQL function so that its query is planned once per
-- connection and not on every request: on PGlite, which has no prepared statements across calls,
-- planning was most of a lookup's time. Nothing is cached but the plan: every call reads the rows.
CREATE FUNCTION "pixlings_session_user"("p_session_id" text, "p_at" timestamptz)
RETURNS TABLE (
	"id" integer,
	"google_issuer" text,
	"google_sub" text,
	"email" text,
	"first_name" text,
	"username" text,
	"picture_url" text,
	"is_admin" boolean,
	"created_at" timestamptz,
	"session_id" text,
	"wallet_address" text,
	"linking_dismissed" boolean,
	"linked_wallets" text[],
	"is_artist" boolean
)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT u.id, u.google_issuer, u.google_sub, u.email, u.first_name, u.username, u.picture_url, u.is_admin, u.created_at,
		s.id, s.wallet_address, s.linking_dismissed,
		coalesce((SELECT array_agg(w.address ORDER BY w.id) FROM user_wallets w WHERE w.user_id = u.id), '{}'::text[]),
		EXISTS (SELECT 1 FROM artists a WHERE a.user_id = u.id)
	FROM sessions s
	JOIN users u ON u.id = s.user_id
	WHERE s.id = p_session_id AND s.expires_at > p_at;
END
$$;

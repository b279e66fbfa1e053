CREATE TYPE "public"."sign_in_method" AS ENUM('google', 'wallet');--> statement-breakpoint
CREATE TABLE "role_lists" (
	"process_id" text PRIMARY KEY NOT NULL,
	"grants" text[] NOT NULL,
	"live_until" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Sessions of before: a Google sign-in had no wallet, a SIWE one its wallet.
ALTER TABLE "sessions" ADD COLUMN "signed_in_with" "sign_in_method";--> statement-breakpoint
UPDATE "sessions" SET "signed_in_with" = CASE WHEN "wallet_address" IS NULL THEN 'google'::"sign_in_method" ELSE 'wallet'::"sign_in_method" END;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "signed_in_with" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
-- The session lookup changes its columns: the old one goes before the column it read.
DROP FUNCTION "pixlings_session_user"(text, timestamptz);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
-- Whether every API process that is live now grants `p_grant` (or `p_any`, when given), and at
-- least one is live (bool_and of no rows is null: false): a role lasts only while no running
-- process leaves it out (api/src/users/roleLists.ts publishes each process's ADMIN_EMAILS and
-- ARTIST_EMAILS). One pass over the few live rows.
CREATE FUNCTION "pixlings_role_granted"("p_grant" text, "p_any" text)
RETURNS boolean
LANGUAGE sql STABLE
AS $$
	SELECT coalesce(bool_and(p_grant = ANY (r.grants) OR (p_any IS NOT NULL AND p_any = ANY (r.grants))), false)
	FROM role_lists r
	WHERE r.live_until > now()
$$;--> statement-breakpoint
-- Whether a user (by its verified email) may act as an artist profile: the profile's own email,
-- or ARTIST_EMAILS naming the profile's slug (or `*`) for that email.
CREATE FUNCTION "pixlings_artist_granted"("p_user_email" text, "p_artist_email" text, "p_artist_slug" text)
RETURNS boolean
LANGUAGE sql STABLE
AS $$
	SELECT p_user_email IS NOT NULL AND (
		lower(p_artist_email) = lower(p_user_email)
		OR pixlings_role_granted('artist:' || lower(p_user_email) || ':' || p_artist_slug, 'artist:' || lower(p_user_email) || ':*')
	)
$$;--> statement-breakpoint
-- The user of a live session, its wallets and roles: what every signed-in request asks
-- (api/src/auth/getSessionUser.ts), in one call whose plan the connection keeps. Roles are read
-- live on every call: admin only for a Google sign-in after `p_admin_signed_in_after`.
CREATE FUNCTION "pixlings_session_user"("p_session_id" text, "p_at" timestamptz, "p_admin_signed_in_after" timestamptz)
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
	"linked_wallets" text[],
	"is_artist" boolean,
	"admin_email" boolean,
	"is_admin" boolean
)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT u.id, u.google_issuer, u.google_sub, u.email, u.first_name, u.username, u.picture_url, u.created_at, u.deleted_at,
		s.id, s.wallet_address, s.linking_dismissed, s.signed_in_with, s.created_at,
		coalesce((SELECT array_agg(w.address ORDER BY w.id) FROM user_wallets w WHERE w.user_id = u.id), '{}'::text[]),
		EXISTS (SELECT 1 FROM artists a WHERE a.user_id = u.id AND pixlings_artist_granted(u.email, a.email, a.slug)),
		g.admin_email,
		g.admin_email AND s.signed_in_with = 'google' AND s.created_at > p_admin_signed_in_after
	FROM sessions s
	JOIN users u ON u.id = s.user_id
	CROSS JOIN LATERAL (SELECT u.email IS NOT NULL AND pixlings_role_granted('admin:' || lower(u.email), NULL) AS admin_email) g
	WHERE s.id = p_session_id AND s.expires_at > p_at AND u.deleted_at IS NULL;
END
$$;--> statement-breakpoint
-- A deleted account gets nothing new: no session, wallet, hold or order, whatever request was
-- already under way when it was deleted (SQLSTATE PXD01: the API answers 401). Share-locks the user's row: a deletion (which locks it
-- FOR UPDATE) waits for this insert's transaction and then sees its row, or this insert waits for
-- the deletion and then sees `deleted_at`.
CREATE FUNCTION "pixlings_refuse_deleted_user"()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_deleted_at timestamptz;
BEGIN
	SELECT u.deleted_at INTO v_deleted_at FROM users u WHERE u.id = NEW.user_id FOR SHARE;
	IF v_deleted_at IS NOT NULL THEN
		RAISE EXCEPTION 'account % was deleted', NEW.user_id USING ERRCODE = 'PXD01';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_refuse_deleted_user" BEFORE INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION "pixlings_refuse_deleted_user"();--> statement-breakpoint
CREATE TRIGGER "user_wallets_refuse_deleted_user" BEFORE INSERT OR UPDATE OF "user_id" ON "user_wallets" FOR EACH ROW EXECUTE FUNCTION "pixlings_refuse_deleted_user"();--> statement-breakpoint
CREATE TRIGGER "reservations_refuse_deleted_user" BEFORE INSERT ON "reservations" FOR EACH ROW EXECUTE FUNCTION "pixlings_refuse_deleted_user"();--> statement-breakpoint
CREATE TRIGGER "card_orders_refuse_deleted_user" BEFORE INSERT ON "card_orders" FOR EACH ROW EXECUTE FUNCTION "pixlings_refuse_deleted_user"();

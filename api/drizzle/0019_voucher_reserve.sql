-- A voucher's reservation in one statement (api/src/sale/reserveTokens.ts): the advisory locks,
-- the read, every refusal in its order, the renewal and the insert, in the statement's own
-- transaction. One round trip where BEGIN, the locks with the read, the insert and COMMIT were four.
-- Answers a refusal's facts (`refused`: reserved, cooldown, client_cap, reservation_cap,
-- wallet_cap, renewal_limit), which the API words; else `holdUntil` (epoch ms) and the inserted
-- rows' ids. Two addresses racing for an id still end at the unique index (23505), as a
-- reference to a merged-away account ends at its foreign key (23503): the caller answers those.
CREATE FUNCTION "pixlings_reserve_tokens"(
	-- The advisory lock namespaces (client's, address's), or null where transactions never overlap (PGlite).
	"p_locks" integer[],
	"p_user_id" integer,
	"p_address" text,
	"p_client_key" text,
	"p_chain_id" integer,
	"p_token_ids" integer[],
	"p_deadline" timestamptz,
	"p_hold_until" timestamptz,
	-- Pix minted to the address on every chain, and the requested or held ids the indexer shows minted.
	"p_minted" integer,
	"p_minted_ids" integer[],
	"p_per_client" integer,
	"p_per_wallet" integer,
	"p_max_renewals" integer,
	-- Holds that ran out unused after this instant make a cooldown; null: no cooldown.
	"p_cooldown_since" timestamptz
)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
	v_rows reservations[];
	v_held jsonb;
	v_fresh integer[];
	v_row reservations;
	v_client_held integer;
	v_pending integer;
	v_hold_until timestamptz := p_hold_until;
	v_inserted integer[];
BEGIN
	-- Client first, then address, as every sale path locks: no two transactions wait on each other.
	IF p_locks IS NOT NULL THEN
		PERFORM pg_advisory_xact_lock(p_locks[1], hashtext(p_client_key));
		PERFORM pg_advisory_xact_lock(p_locks[2], hashtext(p_address));
	END IF;
	-- One read, its snapshot taken once the locks are held (a volatile function's statements each
	-- take their own): the live holds around the request and the asker's holds of these ids that
	-- ran out unused lately. Every decision below is made on these rows.
	SELECT coalesce(array_agg(r), '{}') INTO v_rows
	FROM reservations r
	WHERE (r.released_at IS NULL AND (r.token_id = ANY (p_token_ids) OR r.address = p_address OR r.client_key = p_client_key))
		OR (p_cooldown_since IS NOT NULL AND r.release_reason = 'expired' AND r.released_at > p_cooldown_since AND r.token_id = ANY (p_token_ids)
			AND (r.address = p_address OR r.user_id = p_user_id OR r.client_key = p_client_key));

	SELECT jsonb_agg(jsonb_build_object('tokenId', x.token_id, 'holdUntil', floor(extract(epoch FROM x.hold_until) * 1000)::bigint) ORDER BY x.token_id)
	INTO v_held
	FROM unnest(v_rows) x
	WHERE x.released_at IS NULL AND x.token_id = ANY (p_token_ids) AND (x.address <> p_address OR x.chain_id <> p_chain_id);
	IF v_held IS NOT NULL THEN
		RETURN jsonb_build_object('refused', 'reserved', 'held', v_held);
	END IF;

	SELECT coalesce(array_agg(t.token_id ORDER BY t.token_id), '{}') INTO v_fresh
	FROM unnest(p_token_ids) AS t(token_id)
	WHERE NOT EXISTS (SELECT 1 FROM unnest(v_rows) x WHERE x.released_at IS NULL AND x.token_id = t.token_id);

	SELECT x.* INTO v_row
	FROM unnest(v_rows) x
	WHERE x.released_at IS NOT NULL AND x.token_id = ANY (v_fresh)
	ORDER BY x.released_at DESC, x.id
	LIMIT 1;
	IF FOUND THEN
		RETURN jsonb_build_object('refused', 'cooldown', 'tokenId', v_row.token_id, 'address', v_row.address,
			'releasedAt', floor(extract(epoch FROM v_row.released_at) * 1000)::bigint);
	END IF;

	SELECT count(*) FILTER (WHERE x.client_key = p_client_key),
		count(*) FILTER (WHERE x.address = p_address AND NOT (x.token_id = ANY (p_minted_ids)))
	INTO v_client_held, v_pending
	FROM unnest(v_rows) x
	WHERE x.released_at IS NULL;
	IF v_client_held + cardinality(v_fresh) > p_per_client THEN
		RETURN jsonb_build_object('refused', 'client_cap', 'reserved', v_client_held);
	END IF;
	IF v_pending + cardinality(v_fresh) > p_per_wallet THEN
		RETURN jsonb_build_object('refused', 'reservation_cap', 'reserved', v_pending);
	END IF;
	IF p_minted + v_pending + cardinality(v_fresh) > p_per_wallet THEN
		RETURN jsonb_build_object('refused', 'wallet_cap', 'reserved', v_pending);
	END IF;

	-- The address's own live holds of requested ids on this chain (any other was refused above): renewed, never shortened.
	IF cardinality(v_fresh) < cardinality(p_token_ids) THEN
		SELECT x.* INTO v_row
		FROM unnest(v_rows) x
		WHERE x.released_at IS NULL AND x.token_id = ANY (p_token_ids) AND x.renewals >= p_max_renewals
		ORDER BY x.id
		LIMIT 1;
		IF FOUND THEN
			RETURN jsonb_build_object('refused', 'renewal_limit', 'tokenId', v_row.token_id, 'renewals', v_row.renewals,
				'holdUntil', floor(extract(epoch FROM v_row.hold_until) * 1000)::bigint);
		END IF;
		WITH renewed AS (
			UPDATE reservations r
			SET deadline = greatest(r.deadline, p_deadline), hold_until = greatest(r.hold_until, p_hold_until), renewals = r.renewals + 1
			WHERE r.released_at IS NULL AND r.address = p_address AND r.chain_id = p_chain_id AND r.token_id = ANY (p_token_ids)
			RETURNING r.hold_until
		)
		SELECT greatest(p_hold_until, max(renewed.hold_until)) INTO v_hold_until FROM renewed;
	END IF;

	-- In id order, as every sale path inserts: two transactions never wait on each other's ids.
	IF cardinality(v_fresh) > 0 THEN
		WITH inserted AS (
			INSERT INTO reservations (token_id, address, client_key, user_id, chain_id, deadline, hold_until)
			SELECT t.token_id, p_address, p_client_key, p_user_id, p_chain_id, p_deadline, p_hold_until
			FROM unnest(v_fresh) AS t(token_id)
			ORDER BY t.token_id
			RETURNING reservations.id
		)
		SELECT array_agg(inserted.id) INTO v_inserted FROM inserted;
	END IF;
	RETURN jsonb_build_object('holdUntil', floor(extract(epoch FROM v_hold_until) * 1000)::bigint,
		'insertedIds', coalesce(to_jsonb(v_inserted), '[]'::jsonb));
END
$$;

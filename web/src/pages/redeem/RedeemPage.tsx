import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { queries } from "../../api/queries.ts";
import { queryClient } from "../../api/queryClient.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { cardTypeLabel, checkFreemintCode } from "../../freemint/freemintCode.ts";
import { freemintCheckMessage, redeemFailure } from "../../freemint/freemintFailure.ts";
import { redeemFreemint } from "../../freemint/redeemFreemint.ts";
import { OrderProgress } from "../../orders/OrderProgress.tsx";
import { useCardOrder } from "../../orders/useCardOrder.ts";
import { PageShell } from "../static/PageShell.tsx";
import { CommonPixPicker } from "./CommonPixPicker.tsx";

const alertClass = "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100";

/** The redemption's order, followed until its Pix are minted (a reload shows its true state). */
function RedeemedOrder({ orderId, onAnother }: { orderId: string; onAnother(): void }) {
  const order = useCardOrder({ by: "order", orderId });
  if (order.isLoading) return <Spinner label="Loading your order..." />;
  return (
    <div className="flex flex-col gap-4">
      {order.error && <ErrorNotice error={order.error} title="Could not check your order" onRetry={() => void order.refetch()} retrying={order.isFetching} />}
      {order.data && <OrderProgress order={order.data} />}
      <button type="button" className={`${ui.secondary} self-start`} onClick={onAnother}>
        Redeem another card
      </button>
    </div>
  );
}

/**
 * A code handed in by link (`/redeem?code=…`, a card's QR code): taken into the form once, and
 * dropped from the address bar and the history entry at once, so it does not stay in a URL.
 */
function useCodeFromLink(): string {
  const [search, setSearch] = useSearchParams();
  const [code] = useState(() => search.get("code") ?? "");
  useEffect(() => {
    if (!search.has("code")) return;
    const rest = new URLSearchParams(search);
    rest.delete("code");
    setSearch(rest, { replace: true });
  }, [search, setSearch]);
  return code;
}

/** Enter a code, see what it grants, choose Common Pix, redeem. */
function RedeemForm({ onRedeemed }: { onRedeemed(orderId: string): void }) {
  const id = useId();
  const fromLink = useCodeFromLink();
  const [input, setInput] = useState(fromLink);
  const [inputError, setInputError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const card = useQuery({ ...queries.freemintCard(code ?? ""), enabled: code !== null });
  const [chosen, setChosen] = useState<number[]>([]);
  const [redeeming, setRedeeming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const slots = card.data?.freeSlots ?? 0;

  const check = (event: React.FormEvent) => {
    event.preventDefault();
    const result = checkFreemintCode(input);
    setFailure(null);
    if (!result.ok) {
      setInputError(result.message);
      return;
    }
    setInputError(null);
    setInput(result.code);
    setChosen([]);
    if (result.code === code) void card.refetch();
    else setCode(result.code);
  };

  const redeem = async () => {
    if (!card.data || chosen.length === 0 || redeeming) return;
    setRedeeming(true);
    setFailure(null);
    try {
      const order = await redeemFreemint(card.data.code, chosen);
      queryClient.setQueryData(queries.cardOrder(order.orderId).queryKey, order);
      onRedeemed(order.orderId);
    } catch (error) {
      const { message, taken } = redeemFailure(error);
      setFailure(message);
      if (taken.length > 0) {
        setChosen(chosen.filter((tokenId) => !taken.includes(tokenId)));
        void queryClient.invalidateQueries({ queryKey: ["nfts", "available"] });
      }
      // The card itself may have changed (used up, expired): ask again.
      void card.refetch();
    } finally {
      setRedeeming(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={check} noValidate className={`${ui.card} flex flex-col gap-3`}>
        <label htmlFor={`${id}-code`} className="font-semibold">
          Freemint code
        </label>
        <p id={`${id}-hint`} className={`text-sm ${ui.muted}`}>
          The code on your card, like {COLLECTION.slug.toUpperCase()}-ABCD2345.
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-code`}
            className={`${ui.field} min-w-0 flex-1 font-mono uppercase`}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <button type="submit" className={ui.primary} disabled={card.isFetching}>
            {card.isFetching ? "Checking..." : "Check Code"}
          </button>
        </div>
        {inputError && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {inputError}
          </p>
        )}
        {card.error && !card.isFetching && (
          <p role="alert" className={alertClass}>
            {freemintCheckMessage(card.error)}
          </p>
        )}
      </form>
      {card.data && !card.isFetching && (
        <section aria-labelledby={`${id}-grant`} className={`${ui.card} flex flex-col gap-4`}>
          <div>
            <h2 id={`${id}-grant`} className="text-lg font-bold">
              {cardTypeLabel(card.data.cardType)}: {slots} free Common Pix
            </h2>
            <p className={`text-sm ${ui.muted}`}>
              {slots === 0 ? "This card has no free Pix left." : `Choose up to ${slots}; they are minted for you and held on your account.`}
              {card.data.expiresAt && ` Valid until ${new Date(card.data.expiresAt).toLocaleString()}.`}
            </p>
          </div>
          {slots > 0 && (
            <>
              <CommonPixPicker chosen={chosen} max={slots} onChange={setChosen} />
              {/* Beside the picker while one scrolls through it (a phone shows 3 Pix a row), not pages below. */}
              <div className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-col gap-2 rounded-b-xl border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95">
                {failure && (
                  <p role="alert" className={alertClass}>
                    {failure}
                  </p>
                )}
                <div className="flex items-center justify-between gap-3">
                  <span className={`text-sm ${ui.muted}`}>
                    {chosen.length} of {slots} chosen
                  </span>
                  <button type="button" className={ui.primary} onClick={() => void redeem()} disabled={chosen.length === 0 || redeeming}>
                    {redeeming ? "Processing..." : `Redeem ${chosen.length} Pix`}
                  </button>
                </div>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}

/** /redeem: a signed-in user redeems a freemint card for Common Pix, then follows their mint like a card order. */
export default function RedeemPage() {
  const [search, setSearch] = useSearchParams();
  const orderId = search.get("order");
  const user = useUser();

  if (user.isLoading) return <Spinner />;
  return (
    <PageShell title="Redeem a Freemint Card" wide>
      {user.error ? (
        <ErrorNotice error={user.error} title="Could not check your sign-in" onRetry={() => void user.refetch()} retrying={user.isFetching} />
      ) : !user.data ? (
        <section aria-labelledby="login-title" className={`${ui.card} flex flex-col items-center gap-3 py-8 text-center`}>
          <h2 id="login-title" className="text-lg font-semibold">
            Login Required
          </h2>
          <p className={`text-sm ${ui.muted}`}>Please sign in to redeem a freemint card: the Pix it brings are kept on your account.</p>
          <GoogleSignInLink />
        </section>
      ) : orderId ? (
        <RedeemedOrder orderId={orderId} onAnother={() => setSearch({})} />
      ) : (
        <RedeemForm
          onRedeemed={(id) => {
            setSearch({ order: id });
            // The order's progress replaces the picker: show it from its top, not halfway down.
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      <p className="mt-6 text-sm">
        <Link to={`/my-${COLLECTION.slug}`} className={ui.link}>
          Back to My {COLLECTION.name}
        </Link>
      </p>
    </PageShell>
  );
}

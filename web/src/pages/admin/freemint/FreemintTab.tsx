import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FREEMINT_CARD_TYPES, type FreemintCard } from "@pixlings/shared/http/checkout";
import { adminQueries } from "../../../api/adminQueries.ts";
import { apiRequest } from "../../../api/apiClient.ts";
import { FormError } from "../../../components/FormError.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { ui } from "../../../components/ui.ts";
import { useCheckedSubmit } from "../../../components/useCheckedSubmit.ts";
import { toastFailure } from "../../../errors/toastFailure.ts";
import { formatDateTime } from "../../../format/format.ts";
import { Badge } from "../../../submissions/StatusBadge.tsx";
import { toast } from "../../../toast/toastStore.ts";
import { checkFreemintDraft, freemintBadge, slotsOf, type FreemintBadge, type FreemintDraft } from "./freemintRules.ts";

const CARD_TYPE_OPTIONS = [
  { value: "" as const, label: "Select a card type" },
  ...FREEMINT_CARD_TYPES.map((value) => ({ value, label: `${value} (${slotsOf(value)} Common Pix)` })),
];

const BADGE_TONE: Record<FreemintBadge, "green" | "red" | "neutral" | "blue"> = {
  Active: "green",
  Expired: "red",
  Inactive: "neutral",
  "Fully Redeemed": "blue",
};

function CardItem({ card, now }: { card: FreemintCard; now: Date }) {
  const badge = freemintBadge(card, now);
  return (
    <article aria-label={card.code} className={`${ui.card} flex flex-col gap-2`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-sm font-semibold break-all">{card.code}</h3>
        <Badge tone={BADGE_TONE[badge]}>{badge}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className={ui.muted}>Type</dt>
        <dd>{card.cardType}</dd>
        <dt className={ui.muted}>Slots</dt>
        <dd>
          {card.usedSlots} of {card.totalSlots} used
        </dd>
        <dt className={ui.muted}>Expires</dt>
        <dd>{card.expiresAt ? formatDateTime(card.expiresAt) : "Never"}</dd>
        <dt className={ui.muted}>Created</dt>
        <dd>{formatDateTime(card.createdAt)}</dd>
        {card.redeemedAt && (
          <>
            <dt className={ui.muted}>Redeemed</dt>
            <dd>{formatDateTime(card.redeemedAt)}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

function CreateForm() {
  const titleId = useId();
  const expiryId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FreemintDraft>({ cardType: "", expiresAt: "" });
  const {
    error,
    busy: sending,
    submit,
  } = useCheckedSubmit({
    check: () => checkFreemintDraft(draft, new Date()),
    send: async (request) => {
      const card = await apiRequest<FreemintCard>("/api/admin/freemint-cards", { method: "POST", body: request });
      toast({ title: "Freemint card created", description: `${card.code} (${card.cardType})` });
      setDraft({ cardType: "", expiresAt: "" });
      await queryClient.invalidateQueries({ queryKey: ["admin", "freemint-cards"] });
    },
    failure: toastFailure("Error", "Failed to create freemint card"),
  });

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} flex flex-col gap-3`} aria-labelledby={titleId}>
      <h3 id={titleId} className="font-semibold">
        Create a card
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Card type" value={draft.cardType} options={CARD_TYPE_OPTIONS} onChange={(cardType) => setDraft({ ...draft, cardType })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={expiryId} className="text-sm font-medium">
            Expires (optional)
          </label>
          <input
            id={expiryId}
            type="datetime-local"
            className={ui.field}
            value={draft.expiresAt}
            onChange={(event) => setDraft({ ...draft, expiresAt: event.target.value })}
          />
        </div>
        <button type="submit" className={ui.primary} disabled={sending}>
          {sending ? "Creating..." : "Create Card"}
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}

/** The freemint tab (docs/map.md#freemint-card, docs/map.md#validation): every card with its badge, and the create form. */
export function FreemintTab() {
  const cards = useQuery(adminQueries.freemintCards());
  const now = new Date();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">Freemint Cards</h2>
      <CreateForm />
      <QueryState query={cards} what="freemint cards" empty="No freemint cards yet.">
        {(list) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((card) => (
              <CardItem key={card.id} card={card} now={now} />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}

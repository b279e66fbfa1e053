import { useQuery } from "@tanstack/react-query";
import { queries } from "../../api/queries.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { ui } from "../../components/ui.ts";
import { LegalPage } from "./LegalPage.tsx";
import { termsSections } from "./termsSections.tsx";

/** Who runs the shop and how to reach them (`GET /api/shop`), above the terms. */
function Operator() {
  const shop = useQuery(queries.shop());
  if (shop.error) {
    return <ErrorNotice error={shop.error} title="Could not load who runs the shop" onRetry={() => void shop.refetch()} retrying={shop.isFetching} />;
  }
  if (!shop.data) return <p className={ui.muted}>Loading who runs the shop...</p>;
  return (
    <dl className={`${ui.card} grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]`} aria-label="Operator and support">
      <dt className="font-semibold">Operator</dt>
      <dd className="break-words">{shop.data.operatorName}</dd>
      <dt className="font-semibold">Support</dt>
      <dd className="break-words">
        <a className={ui.link} href={`mailto:${shop.data.supportEmail}`}>
          {shop.data.supportEmail}
        </a>
      </dd>
      {shop.data.development && (
        <dd className={`text-sm sm:col-span-2 ${ui.muted}`}>
          This is a development build: no company stands behind it and the support address reaches nobody.
        </dd>
      )}
    </dl>
  );
}

export default function TermsPage() {
  const shop = useQuery(queries.shop());
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <div className="mb-6">
          <Operator />
        </div>
      }
      sections={termsSections(shop.data)}
    />
  );
}

import * as Tabs from "@radix-ui/react-tabs";
import { Navigate, useNavigate, useParams } from "react-router";
import { AdminGate } from "../../admin/AdminGate.tsx";
import { welcomeName } from "../../auth/welcomeName.ts";
import { ui } from "../../components/ui.ts";
import { ArtistsTab } from "./artists/ArtistsTab.tsx";
import { DisplacedTab } from "./displaced/DisplacedTab.tsx";
import { FreemintTab } from "./freemint/FreemintTab.tsx";
import { FrozenOrdersTab } from "./frozen/FrozenOrdersTab.tsx";
import { NftsTab } from "./nfts/NftsTab.tsx";
import { SubmissionsTab } from "./submissions/SubmissionsTab.tsx";
import { UsersTab } from "./users/UsersTab.tsx";

/** The spec's tabs, in order, and Accounts; each is also a route (/admin/{tab}). */
const TABS = [
  { value: "nfts", label: "NFTs", panel: NftsTab },
  { value: "artists", label: "Artists", panel: ArtistsTab },
  { value: "submissions", label: "Submissions", panel: SubmissionsTab },
  { value: "freemint", label: "Freemint", panel: FreemintTab },
  { value: "displaced", label: "Displaced", panel: DisplacedTab },
  { value: "frozen", label: "Frozen", panel: FrozenOrdersTab },
  { value: "users", label: "Accounts", panel: UsersTab },
] as const;

/** /admin and /admin/{tab} (docs/map.md#admin-area): admins only; the tabs nfts, artists, submissions, freemint, displaced, frozen (card orders) and users (accounts). */
export default function AdminPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const current = tab === undefined ? "nfts" : TABS.find((item) => item.value === tab)?.value;
  if (current === undefined) return <Navigate to="/admin" replace />;
  return (
    <AdminGate>
      {(admin) => (
        <div className={`${ui.container} flex flex-col gap-6 py-10`}>
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
            <p className={ui.muted}>Signed in as {welcomeName(admin)}</p>
          </div>
          <Tabs.Root value={current} onValueChange={(value) => navigate(`/admin/${value}`)} className="flex flex-col gap-4">
            <Tabs.List aria-label="Admin areas" className="flex flex-wrap gap-1">
              {TABS.map((item) => (
                <Tabs.Trigger key={item.value} value={item.value} className={ui.tab}>
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((item) => (
              <Tabs.Content key={item.value} value={item.value}>
                <item.panel />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </div>
      )}
    </AdminGate>
  );
}

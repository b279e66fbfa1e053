import { Link } from "react-router";
import { ui } from "../../components/ui.ts";
import { PageShell } from "./PageShell.tsx";

export default function RemoteAdminPage() {
  return (
    <PageShell title="Remote Admin">
      <div role="note" className={ui.card}>
        <p className="font-semibold">Remote admin access is permanently disabled.</p>
        <p className={`mt-2 text-sm ${ui.muted}`}>Administration happens only through the signed-in admin area.</p>
        <Link to="/" className={`${ui.secondary} mt-4`}>
          Return to Home
        </Link>
      </div>
    </PageShell>
  );
}

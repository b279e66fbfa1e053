import { Link } from "react-router";
import { useUser } from "../auth/useAuth.ts";
import { ui } from "../components/ui.ts";

/** The mint page's "Edit in Admin" (docs/map.md#mint-page): admins only, to /admin-simple?edit={tokenId}. */
export function EditInAdminLink({ tokenId }: { tokenId: number }) {
  const user = useUser();
  if (!user.data?.isAdmin) return null;
  return (
    <Link to={`/admin-simple?edit=${tokenId}`} className={`${ui.secondary} ${ui.small}`}>
      Edit in Admin
    </Link>
  );
}

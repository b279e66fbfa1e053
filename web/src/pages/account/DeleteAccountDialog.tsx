import { useState } from "react";
import { useNavigate } from "react-router";
import { queries } from "../../api/queries.ts";
import { queryClient } from "../../api/queryClient.ts";
import { deleteMyAccount, deleteRefusal } from "../../account/accountData.ts";
import { Modal } from "../../components/Modal.tsx";
import { ui } from "../../components/ui.ts";
import { toast } from "../../toast/toastStore.ts";

/** What deleting removes and keeps (the privacy page lists the same, table by table). */
const REMOVED = [
  "your email, name and picture, and the link to your Google account",
  "your linked wallets (not the wallets themselves)",
  "every session: you are signed out everywhere",
  "the names and stories of the Pix you own now, and your merchandise previews",
  "the IP address kept with your past reservations",
];
const KEPT = [
  "your card and freemint orders, for accounting",
  "the record of which Pix were reserved for you, and when",
  "everything on the blockchains: your Pix stay in your wallet",
  "an artist profile's work and chat with the shop, and the admin audit log",
];

/**
 * "Delete my account": says what goes and what stays, then deletes. The server refuses while the
 * account would lose something (a purchase under way, Pix held for it in custody) and says what;
 * the dialog lists it. Deleted, the page is signed out and goes Home.
 */
export function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; reasons: string[] } | null>(null);
  const remove = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await deleteMyAccount();
    } catch (error) {
      setRefusal(deleteRefusal(error));
      setBusy(false);
      return;
    }
    queryClient.setQueryData(queries.user().queryKey, null);
    queryClient.removeQueries({ queryKey: ["owner"] });
    // Navigate first: the toast then belongs to the page it is read on (toasts go when their page does).
    navigate("/");
    toast({ title: "Account Deleted", description: "Your account is deleted, and you are signed out everywhere." });
  };
  return (
    <Modal title="Delete your account?" description="This cannot be undone." onClose={onClose} busy={busy}>
      <div className="flex flex-col gap-3 text-sm">
        <div>
          <h3 className="font-semibold">Removed</h3>
          <ul className="list-disc pl-5">
            {REMOVED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold">Kept</h3>
          <ul className="list-disc pl-5">
            {KEPT.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p className={ui.muted}>Signing in again later, with the same Google account or wallet, starts a new, empty account.</p>
      </div>
      {refusal && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <p>{refusal.message}</p>
          {refusal.reasons.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {refusal.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={ui.danger} onClick={() => void remove()} disabled={busy}>
          {busy ? "Deleting..." : "Delete my account"}
        </button>
      </div>
    </Modal>
  );
}

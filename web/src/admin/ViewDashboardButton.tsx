import { useState } from "react";
import { useNavigate } from "react-router";
import { ui } from "../components/ui.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { startImpersonation } from "../impersonation/impersonate.ts";
import { toast } from "../toast/toastStore.ts";

/** "View Dashboard": opens /artist-dashboard as the artist (impersonation, logged as the admin's). */
export function ViewDashboardButton({ artist, describedBy }: { artist: { id: number; name: string }; describedBy?: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    try {
      await startImpersonation(artist.id);
      navigate("/artist-dashboard");
    } catch (error) {
      toast({ title: "Error", description: apiMessage(error) ?? "Failed to access artist dashboard", variant: "destructive" });
      setPending(false);
    }
  };
  return (
    <button type="button" className={`${ui.secondary} ${ui.small}`} aria-describedby={describedBy} onClick={() => void open()} disabled={pending}>
      {pending ? "Opening..." : "View Dashboard"}
    </button>
  );
}

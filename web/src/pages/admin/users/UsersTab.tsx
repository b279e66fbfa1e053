import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { AdminUser, EndUserSessionsResponse } from "@pixlings/shared/http/admin";
import { adminQueries } from "../../../api/adminQueries.ts";
import { apiRequest } from "../../../api/apiClient.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { ui } from "../../../components/ui.ts";
import { apiMessage } from "../../../errors/accountErrors.ts";
import { formatDateTime, shortAddress } from "../../../format/format.ts";
import { Badge } from "../../../submissions/StatusBadge.tsx";
import { toast } from "../../../toast/toastStore.ts";

const nameOf = (user: AdminUser): string => user.email ?? user.firstName ?? `Account ${user.id}`;

function UserItem({ user, onEnd }: { user: AdminUser; onEnd(): void }) {
  return (
    <article aria-label={nameOf(user)} className={`${ui.card} flex flex-col gap-2`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold break-all">{nameOf(user)}</h3>
        {user.adminEmail && <Badge tone="blue">Admin</Badge>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className={ui.muted}>Account</dt>
        <dd>#{user.id}</dd>
        <dt className={ui.muted}>Wallets</dt>
        <dd className="font-mono">{user.wallets.length === 0 ? "None" : user.wallets.map(shortAddress).join(", ")}</dd>
        <dt className={ui.muted}>Sessions</dt>
        <dd>
          {user.liveSessions} live{user.lastSignInAt ? `, last sign-in ${formatDateTime(user.lastSignInAt)}` : ""}
        </dd>
        <dt className={ui.muted}>Created</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
      </dl>
      <button type="button" className={`${ui.secondary} ${ui.small} self-start`} onClick={onEnd} disabled={user.liveSessions === 0}>
        End all sessions
      </button>
    </article>
  );
}

/**
 * The Accounts tab: find an account by email, wallet or id, and end all its sessions (a removed
 * admin, a lost device). Ending is recorded in the audit log.
 */
export function UsersTab() {
  const id = useId();
  const queryClient = useQueryClient();
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const [ending, setEnding] = useState<AdminUser | null>(null);
  const found = useQuery({ ...adminQueries.users(search), enabled: search.length > 0 });
  return (
    <div className="flex flex-col gap-4">
      <form
        className={`${ui.card} flex flex-col gap-2`}
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(input.trim());
        }}
      >
        <label htmlFor={`${id}-search`} className="font-semibold">
          Find an account
        </label>
        <p id={`${id}-hint`} className={`text-sm ${ui.muted}`}>
          An email (or part of it), a wallet address or an account number.
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-search`}
            className={`${ui.field} min-w-0 flex-1`}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
          <button type="submit" className={ui.primary} disabled={input.trim() === ""}>
            Search
          </button>
        </div>
      </form>
      {search !== "" && (
        <QueryState query={found} what="the accounts" empty={<p>No account matches “{search}”.</p>}>
          {(users) => (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {users.map((user) => (
                <UserItem key={user.id} user={user} onEnd={() => setEnding(user)} />
              ))}
            </div>
          )}
        </QueryState>
      )}
      {ending && (
        <ConfirmDialog
          title={`End every session of ${nameOf(ending)}?`}
          text="Every browser signed in to this account is signed out at its next request. Recorded in the audit log."
          confirm="End all sessions"
          onClose={() => setEnding(null)}
          onConfirm={async () => {
            try {
              const done = await apiRequest<EndUserSessionsResponse>(`/api/admin/users/${ending.id}/sessions`, { method: "DELETE" });
              toast({ title: "Sessions Ended", description: done.message });
              setEnding(null);
              await queryClient.invalidateQueries({ queryKey: ["admin", "users"] });
            } catch (error) {
              throw new Error(apiMessage(error) ?? "Failed to end the sessions. Please try again.");
            }
          }}
        />
      )}
    </div>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { SUBMISSION_LIMITS, type ConversationMessage, type PostMessageRequest } from "@pixlings/shared/http/submissions";
import { apiRequest } from "../api/apiClient.ts";
import { artistQueries } from "../api/artistQueries.ts";
import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { FormError } from "../components/FormError.tsx";
import { Modal } from "../components/Modal.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { ui } from "../components/ui.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { formatDateTime } from "../format/format.ts";
import { toast } from "../toast/toastStore.ts";
import { chatKeyAction } from "./chatKeys.ts";
import { markChatRead } from "./unread.ts";

const KIND_LOOK: Record<ConversationMessage["messageType"], string> = {
  text: "border-neutral-200 dark:border-neutral-700",
  rejection: "border-red-400 bg-red-50 dark:border-red-700 dark:bg-red-950",
  approval: "border-green-500 bg-green-50 dark:border-green-700 dark:bg-green-950",
};

function Message({ message, mine }: { message: ConversationMessage; mine: boolean }) {
  const sender = message.senderName ?? (message.senderType === "admin" ? "Admin" : "Artist");
  return (
    <li className={`flex flex-col gap-1 rounded-lg border p-3 text-sm ${KIND_LOOK[message.messageType]} ${mine ? "ml-6" : "mr-6"}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-semibold">
          {sender} ({message.senderType === "admin" ? "admin" : "artist"})
        </span>
        {message.messageType === "rejection" && <span className="font-semibold text-red-800 dark:text-red-200">Rejection</span>}
        {message.messageType === "approval" && <span className="font-semibold text-green-800 dark:text-green-200">Approval</span>}
        <time dateTime={message.createdAt} className={ui.muted}>
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      <p className="break-words whitespace-pre-wrap">{message.message}</p>
    </li>
  );
}

/**
 * The conversation of one submission (docs/map.md#artist-area): every message, oldest first, rejections
 * marked; Enter sends, Shift+Enter starts a new line; one message in flight at a time.
 */
export function ChatDialog({ submission, viewer, onClose }: { submission: { id: number; name: string }; viewer: "admin" | "artist"; onClose(): void }) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const conversation = useQuery(artistQueries.conversation(submission.id));
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const count = conversation.data?.length ?? 0;

  // Loaded means read (the API marked it): the lists' markers go.
  useEffect(() => {
    if (conversation.isSuccess) markChatRead(queryClient, submission.id);
  }, [conversation.isSuccess, queryClient, submission.id]);
  useEffect(() => {
    if (conversation.error)
      toast({ title: "Failed to load conversations", description: apiMessage(conversation.error) ?? "Please try again.", variant: "destructive" });
  }, [conversation.error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is the trigger to scroll to it.
  useEffect(() => {
    // Braces: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
    void end.current?.scrollIntoView({ block: "nearest" });
  }, [count]);

  const text = draft.trim();
  const tooLong = text.length > SUBMISSION_LIMITS.messageMax;
  const send = async () => {
    if (sending || !text || tooLong) return;
    setSending(true);
    setSendError(null);
    try {
      const body: PostMessageRequest = { message: text };
      const created = await apiRequest<ConversationMessage>(`/api/submissions/${submission.id}/conversations`, { method: "POST", body });
      queryClient.setQueryData(artistQueries.conversation(submission.id).queryKey, (old) => [...(old ?? []), created]);
      setDraft("");
      toast({ title: "Message sent" });
    } catch (error) {
      const description = apiMessage(error) ?? "Please try again.";
      toast({ title: "Failed to send message", description, variant: "destructive" });
      setSendError(`Failed to send message: ${description}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={`Chat: ${submission.name}`} description={viewer === "admin" ? "Messages with the artist" : "Messages with the admins"} onClose={onClose}>
      {conversation.isLoading && <Spinner label="Loading conversation..." />}
      {conversation.error && (
        <ErrorNotice
          error={conversation.error}
          title="Failed to load conversations"
          onRetry={() => void conversation.refetch()}
          retrying={conversation.isFetching}
        />
      )}
      {conversation.data && (
        <div role="log" aria-label="Messages" className="max-h-80 overflow-y-auto">
          <ol className="flex flex-col gap-2">
            {conversation.data.length === 0 && <li className={`text-sm ${ui.muted}`}>No messages yet.</li>}
            {conversation.data.map((message) => (
              <Message key={message.id} message={message} mine={message.senderType === viewer} />
            ))}
            <li ref={end} aria-hidden="true" />
          </ol>
        </div>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={fieldId} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={fieldId}
          className={`${ui.field} h-24 py-2`}
          value={draft}
          placeholder="Write a message (Enter sends, Shift+Enter adds a line)"
          aria-describedby={`${fieldId}-hint`}
          aria-invalid={tooLong}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (chatKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) !== "send") return;
            event.preventDefault();
            void send();
          }}
        />
        <p id={`${fieldId}-hint`} className={`text-xs ${tooLong ? "font-semibold text-red-700 dark:text-red-300" : ui.muted}`}>
          {text.length}/{SUBMISSION_LIMITS.messageMax} characters
        </p>
        <FormError message={sendError} />
        <div className="flex justify-end">
          <button type="submit" className={ui.primary} disabled={sending || !text || tooLong}>
            {sending ? "Sending..." : "Send"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

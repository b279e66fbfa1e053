import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { ui } from "./ui.ts";

/**
 * A dialog of the artist and admin areas: title, optional description, content; Escape, the
 * overlay and the close button call `onClose` unless `busy` (a request in flight is not abandoned).
 */
export function Modal({
  title,
  description,
  children,
  onClose,
  busy = false,
  wide = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  onClose(): void;
  busy?: boolean;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] ${wide ? "max-w-2xl" : "max-w-lg"} -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100`}
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              {description !== undefined && <Dialog.Description className={`text-sm ${ui.muted}`}>{description}</Dialog.Description>}
            </div>
            <Dialog.Close aria-label="Close" disabled={busy} className={`${ui.ghost} ${ui.small} -mt-1 -mr-2 text-lg`}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import * as Toast from "@radix-ui/react-toast";
import { useToastStore } from "./toastStore.ts";

const VARIANTS = {
  default: "border-neutral-200 bg-white text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100",
  destructive: "border-red-800 bg-red-700 text-white",
};

/** One toast at a time, bottom right, gone after 5 s (spec). */
export function Toaster() {
  const current = useToastStore((state) => state.current);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Provider duration={5000} swipeDirection="right">
      {current && (
        <Toast.Root
          key={current.id}
          type={current.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismiss();
          }}
          data-variant={current.variant}
          className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg border p-4 shadow-lg ${VARIANTS[current.variant]}`}
        >
          <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
          {current.description && <Toast.Description className="col-start-1 text-sm break-words">{current.description}</Toast.Description>}
          <Toast.Close aria-label="Close" className="col-start-2 row-start-1 rounded px-1 text-lg leading-none opacity-80 hover:opacity-100">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}

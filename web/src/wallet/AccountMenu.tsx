import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";
import { useChainPreference } from "../chains/useChainPreference.ts";
import { ui } from "../components/ui.ts";
import { toastForError } from "../errors/toastForError.ts";
import { shortAddress } from "../format/format.ts";
import { toast } from "../toast/toastStore.ts";
import { loadWallet } from "./loadWallet.ts";
import { useWalletStore } from "./walletStore.ts";

const item =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800";

async function switchWalletChain(chainId: number): Promise<void> {
  try {
    const wallet = await loadWallet();
    await wallet.switchChain(chainId);
    useChainPreference.getState().choose(chainId);
  } catch (error) {
    const notice = toastForError(error, "switch");
    if (notice) toast(notice);
  }
}

/** The connected wallet: shortened address and chain; switch chain or disconnect. */
export default function AccountMenu() {
  const address = useWalletStore((state) => state.address);
  const chainId = useWalletStore((state) => state.chainId);
  const chains = useQuery(queries.chains()).data ?? [];
  if (!address) return null;
  const chain = chains.find((c) => c.chainId === chainId);
  const chainLabel = chain?.name ?? `Chain ${chainId} (not supported)`;

  const disconnect = async () => {
    const wallet = await loadWallet();
    await wallet.disconnect();
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={`${ui.secondary} ${ui.small} max-w-[11rem] whitespace-nowrap 2xl:max-w-none`}>
        <span aria-hidden="true" className={`size-2 rounded-full ${chain ? "bg-green-600" : "bg-amber-500"}`} />
        {/* Named by its visible text ("Wallet 0x12…cdef on Local Ethereum"), as axe requires. */}
        <span className="sr-only">Wallet </span>
        <span className="font-mono">{shortAddress(address)}</span>
        <span className="sr-only"> on </span>
        {/* The chain's name only where the header has room for it (the dot's colour says supported or not). */}
        <span className={`sr-only 2xl:not-sr-only ${ui.muted}`}>{chainLabel}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-neutral-200 bg-white p-1 text-neutral-900 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <DropdownMenu.Label className={`px-2 py-1 text-xs ${ui.muted}`}>Network</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={String(chainId)} onValueChange={(value) => void switchWalletChain(Number(value))}>
            {chains.map((c) => (
              <DropdownMenu.RadioItem key={c.chainId} value={String(c.chainId)} className={item}>
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                {c.name}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200 dark:bg-neutral-700" />
          <DropdownMenu.Item className={item} onSelect={() => void disconnect()}>
            Disconnect
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { useEffect, useRef, useState } from "react";
import type { GenerateMockupRequest, Mockup } from "@pixlings/shared/http/merch";
import { toast } from "../toast/toastStore.ts";
import { runPreview } from "./runPreview.ts";
import { useCountdown } from "./useCountdown.ts";

/** What a preview shows: the product and the variant it was made of, with Printful's price. */
interface PreviewedVariant {
  productTitle: string;
  name: string;
  price: string;
}

export interface Preview {
  generating: boolean;
  mockups: Mockup[];
  /** The variant the mockups show (the choice may have changed since). */
  variant: PreviewedVariant | null;
  /** The last failure, in words, until the next try. */
  failure: string | null;
  /** Seconds to wait after a 429 before the next try (0: none). */
  waitSeconds: number;
  generate(request: GenerateMockupRequest, variant: PreviewedVariant, onCompleted: () => void): void;
  /** Forgets the mockups and the failure, and stops a preview still running. */
  clear(): void;
}

/** One preview at a time: asks, polls, toasts the outcome (Generation Failed, Rate Limited), counts down after a 429. */
export function usePreview(): Preview {
  const [generating, setGenerating] = useState(false);
  const [mockups, setMockups] = useState<Mockup[]>([]);
  const [variant, setVariant] = useState<PreviewedVariant | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const waitSeconds = useCountdown(waitUntil);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const generate = (request: GenerateMockupRequest, previewed: PreviewedVariant, onCompleted: () => void): void => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setGenerating(true);
    setFailure(null);
    runPreview(request, controller.signal)
      .then((outcome) => {
        if (outcome.kind === "completed") {
          setMockups(outcome.mockups);
          setVariant(previewed);
          onCompleted();
        } else if (outcome.kind === "rate_limited") {
          setWaitUntil(Date.now() + outcome.retryAfter * 1000);
          toast({
            title: "Rate Limited",
            description: `Too many preview requests. Please wait ${outcome.retryAfter} seconds and try again.`,
            variant: "destructive",
          });
        } else {
          const text = outcome.detail ? `${outcome.message}: ${outcome.detail}` : outcome.message;
          setFailure(text);
          toast({ title: "Generation Failed", description: text, variant: "destructive" });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (running.current === controller) running.current = null;
        if (!controller.signal.aborted) setGenerating(false);
      });
  };

  return {
    generating,
    mockups,
    variant,
    failure,
    waitSeconds,
    generate,
    clear: () => {
      // Another product or category: a preview still running is of the old choice.
      running.current?.abort();
      running.current = null;
      setGenerating(false);
      setMockups([]);
      setVariant(null);
      setFailure(null);
    },
  };
}

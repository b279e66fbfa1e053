import { toast } from "../toast/toastStore.ts";
import { apiMessage } from "./accountErrors.ts";

/** A failed request's toast (`title`, the API's message or `fallback`); returns that sentence for the form to show too. */
export function toastFailure(title: string, fallback: string): (caught: unknown) => string {
  return (caught) => {
    const description = apiMessage(caught) ?? fallback;
    toast({ title, description, variant: "destructive" });
    return description;
  };
}

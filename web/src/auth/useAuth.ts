import { useState } from "react";
import { useIsMutating, useMutation, useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";
import { toastFailure } from "../errors/toastFailure.ts";
import { toastForError } from "../errors/toastForError.ts";
import { toast } from "../toast/toastStore.ts";
import { signInWithEthereum, signOut } from "./session.ts";

/** The signed-in user (null when signed out, undefined while loading). */
export function useUser() {
  return useQuery(queries.user());
}

const SIGN_IN = ["auth", "sign-in"];

export function useSignIn() {
  const mutation = useMutation({
    mutationKey: SIGN_IN,
    mutationFn: signInWithEthereum,
    onError: (error) => {
      const notice = toastForError(error, "sign-in");
      if (notice) toast(notice);
    },
  });
  const pending = useIsMutating({ mutationKey: SIGN_IN }) > 0;
  return { signIn: () => mutation.mutate(), pending };
}

export function useSignOut() {
  const [pending, setPending] = useState(false);
  return {
    signOut: () => {
      setPending(true);
      signOut().catch((error: unknown) => {
        setPending(false);
        toastFailure("Sign Out Failed", "Could not sign you out. Please try again.")(error);
      });
    },
    pending,
  };
}

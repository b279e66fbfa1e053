import type { Verification } from "./runVerification.ts";

/** One sentence over every chain's answer: verified only when every chain on sale matched the shop's image. */
export function verdictSummary({ shopProblem, chains }: Verification): { verified: boolean; text: string } {
  if (chains.length === 0) return { verified: false, text: "No chain is on sale to verify against." };
  const matched = chains.filter((v) => v.kind === "match").length;
  if (matched === chains.length) {
    return {
      verified: true,
      text: chains.length === 1 ? "Verified: the chain's art is the image shown." : `Verified: all ${chains.length} chains hold the image shown.`,
    };
  }
  const problems = [
    ...(shopProblem ? [`the shop's image could not be loaded (${shopProblem})`] : []),
    ...chains.flatMap((v) => {
      if (v.kind === "mismatch") return [`${v.chain.name} disagrees with the shop's image`];
      if (v.kind === "unreachable") return [`${v.chain.name} could not be reached`];
      if (v.kind === "unreadable") return [`${v.chain.name} did not answer with this Pix's art`];
      return [];
    }),
  ];
  return { verified: false, text: `Not verified: ${problems.join("; ")}.` };
}

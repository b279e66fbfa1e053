import type { ReactNode } from "react";
import { PageShell } from "../static/PageShell.tsx";

/** A legal text: a title, what comes before the sections, and the sections, each a heading and its text. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro?: ReactNode;
  sections: readonly (readonly [heading: string, text: ReactNode])[];
}) {
  return (
    <PageShell title={title}>
      {intro}
      <div className="flex flex-col gap-6">
        {sections.map(([heading, text]) => (
          <section key={heading}>
            <h2 className="text-lg font-semibold">{heading}</h2>
            <div className="mt-1 flex flex-col gap-2 text-neutral-700 dark:text-neutral-300">{text}</div>
          </section>
        ))}
      </div>
    </PageShell>
  );
}

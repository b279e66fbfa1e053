import { PageShell } from "../static/PageShell.tsx";

/** A legal text: a title and its sections, each a heading and one paragraph. */
export function LegalPage({ title, sections }: { title: string; sections: readonly (readonly [heading: string, text: string])[] }) {
  return (
    <PageShell title={title}>
      <div className="flex flex-col gap-6">
        {sections.map(([heading, text]) => (
          <section key={heading}>
            <h2 className="text-lg font-semibold">{heading}</h2>
            <p className="mt-1 text-neutral-700 dark:text-neutral-300">{text}</p>
          </section>
        ))}
      </div>
    </PageShell>
  );
}

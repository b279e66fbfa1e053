import type { ReactNode } from "react";
import { ui } from "../../components/ui.ts";

export function PageShell({ title, children, wide = false }: { title: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`${ui.container} ${wide ? "" : "max-w-3xl"} py-10`}>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

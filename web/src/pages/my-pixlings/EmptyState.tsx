import { Link } from "react-router";
import { ui } from "../../components/ui.ts";

export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className={`${ui.card} flex flex-col items-center gap-2 py-10 text-center`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className={`text-sm ${ui.muted}`}>{text}</p>
      <Link to="/browse" className={`${ui.primary} mt-2`}>
        Browse Collection
      </Link>
    </div>
  );
}

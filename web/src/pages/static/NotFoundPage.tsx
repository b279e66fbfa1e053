import { Link } from "react-router";
import { ui } from "../../components/ui.ts";

export default function NotFoundPage() {
  return (
    <div className={`${ui.container} flex flex-col items-center gap-4 py-24 text-center`}>
      <p className="text-6xl font-extrabold text-violet-700 dark:text-violet-300" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">
        <span className="sr-only">404 </span>Page Not Found
      </h1>
      <p className={ui.muted}>The page you are looking for does not exist.</p>
      <Link to="/" className={ui.primary}>
        Back to Home
      </Link>
    </div>
  );
}

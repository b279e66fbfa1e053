import { Link, useSearchParams } from "react-router";
import { googleLoginUrl } from "../../auth/googleLogin.ts";
import { loginFailureOf } from "../../auth/loginFailure.ts";
import { ui } from "../../components/ui.ts";

const CAUSES = [
  "You cancelled the sign-in or declined to share your account details.",
  "The sign-in took too long and its link expired; starting again fixes this.",
  "Your browser blocked cookies for this site, so the sign-in could not be matched to this visit.",
  "An in-app browser (for example a wallet app) blocked Google's page; open this site in your regular browser.",
];

/**
 * /login-failed?error=…: which of the shop's failures it was, in the shop's own words (never the
 * query's `error_description`: anyone can write a link), likely causes, Try Again.
 */
export default function LoginFailedPage() {
  const [params] = useSearchParams();
  const { code: error, message: description } = loginFailureOf(params.get("error"));
  return (
    <div className={`${ui.container} max-w-lg py-16`}>
      <section aria-labelledby="failed-title" className={`${ui.card} flex flex-col gap-4`}>
        <h1 id="failed-title" className="text-2xl font-bold">
          Sign-in failed
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className={ui.muted}>Error</dt>
          <dd className="font-mono break-all">{error}</dd>
          <dt className={ui.muted}>Details</dt>
          <dd className="break-words">{description}</dd>
        </dl>
        <div>
          <h2 className="mb-1 text-sm font-semibold">Common causes</h2>
          <ul className={`list-disc space-y-1 pl-5 text-sm ${ui.muted}`}>
            {CAUSES.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={googleLoginUrl("/")} className={ui.primary}>
            Try Again
          </a>
          <Link to="/" className={ui.secondary}>
            Back to Home
          </Link>
        </div>
      </section>
    </div>
  );
}

import { Link } from "react-router";
import { IN_YOUR_BROWSER, SERVER_LOGS, STORED_DATA } from "@pixlings/shared/privacy";
import { ui } from "../../components/ui.ts";
import { PageShell } from "../static/PageShell.tsx";

const section = "flex flex-col gap-2";
const text = "text-neutral-700 dark:text-neutral-300";

/** /privacy: everything the shop stores (shared/src/privacy.ts, held to the database by a test), how long, and your rights. */
export default function PrivacyPage() {
  return (
    <PageShell title="Privacy Policy">
      <div className="flex flex-col gap-8">
        <section className={section}>
          <h2 className="text-lg font-semibold">What we store, and for how long</h2>
          <p className={text}>
            Everything the shop keeps about people is listed here, with how long it is kept and what happens to it when you delete your account. Public
            blockchain data (mints and transfers of Pix) is public by nature, and no one can delete it.
          </p>
          <ul className="flex flex-col gap-3">
            {STORED_DATA.map((entry) => (
              <li key={entry.tables.join(",")} className={`${ui.card} flex flex-col gap-1 text-sm`}>
                <p>{entry.what}</p>
                <p className={ui.muted}>
                  <span className="font-semibold">Kept: </span>
                  {entry.kept}
                </p>
                <p className={ui.muted}>
                  <span className="font-semibold">When you delete your account: </span>
                  {entry.onDelete}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section className={section}>
          <h2 className="text-lg font-semibold">Card payments</h2>
          <p className={text}>
            Card payments are processed by a card provider. We never see or store your full card number; the card provider handles it under its own privacy
            policy. We keep the orders, amounts and the provider's payment number for accounting.
          </p>
        </section>
        <section className={section}>
          <h2 className="text-lg font-semibold">Cookies and your browser</h2>
          <p className={text}>One session cookie keeps you signed in. Your browser also keeps, without sending them to us:</p>
          <ul className={`list-disc pl-5 ${text}`}>
            {IN_YOUR_BROWSER.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className={section}>
          <h2 className="text-lg font-semibold">Server logs</h2>
          <p className={text}>{SERVER_LOGS}</p>
        </section>
        <section className={section}>
          <h2 className="text-lg font-semibold">Minimum age</h2>
          <p className={text}>You must be at least 13 years old to use this service.</p>
        </section>
        <section className={section}>
          <h2 className="text-lg font-semibold">Your rights</h2>
          <p className={text}>
            Signed in, you can download everything we store about you as a file, sign out everywhere, and delete your account on{" "}
            <Link to="/account" className={ui.link}>
              your account page
            </Link>
            . What deleting keeps, and why, is listed above. You may also ask us to see or correct the personal data we hold about you.
          </p>
        </section>
      </div>
    </PageShell>
  );
}

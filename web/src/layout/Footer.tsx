import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { queries } from "../api/queries.ts";
import { ui } from "../components/ui.ts";

export function Footer() {
  const shop = useQuery(queries.shop());
  return (
    <footer className="mt-16 border-t border-neutral-200 py-8 text-sm dark:border-neutral-800">
      <div className={`${ui.container} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}>
        <p className={ui.muted}>
          © {new Date().getFullYear()} {COLLECTION.name}. {COLLECTION.totalSupply.toLocaleString("en-US")} pixel-art Pix, stored on-chain.
          {shop.data && <> Run by {shop.data.operatorName}.</>}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link className={ui.link} to="/contract">
                Contract
              </Link>
            </li>
            <li>
              <Link className={ui.link} to="/terms">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={ui.link} to="/privacy">
                Privacy Policy
              </Link>
            </li>
            {shop.data && (
              <li>
                <a className={ui.link} href={`mailto:${shop.data.supportEmail}`}>
                  Support
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** A centre's list of links (a visitor's or a team's personHome): one row per page, 48 px high. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './centre.css';

export function CentreLinks({ label, links }: { label: string; links: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useTranslation();
  return (
    <nav className="card centre-links" aria-label={label}>
      {links.map(([path, text]) => (
        <Link key={path} href={path} className="centre-link">
          {t(text)}
          <span className="centre-link__arrow" aria-hidden="true">
            ›
          </span>
        </Link>
      ))}
    </nav>
  );
}

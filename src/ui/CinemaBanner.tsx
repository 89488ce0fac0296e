/** The dome cinemas' banner over the films (docs/product.md §7 `cinemaPicWap`, `cinemaPicWeb`):
 * the phone's picture, and on a screen as wide as a tablet or a computer the web site's, when
 * the museum set one. */
import { useSettings } from './settings.tsx';
import './cinema.css';

export function CinemaBanner() {
  const { cinemaPicWap: phone, cinemaPicWeb: web } = useSettings().config;
  if (!phone && !web) return null;
  return (
    <picture>
      {web && phone ? <source media="(min-width: 768px)" srcSet={web} /> : null}
      <img className="cinema-banner" src={phone || web} alt="" width={375} height={130} />
    </picture>
  );
}

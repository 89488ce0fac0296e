/** The museum's copyright line (the `copyright` configuration, docs/product.md §7), at the foot of
 * the account pages; nothing when the museum has not set one. */
import { useSettings } from './settings.tsx';

export function Copyright() {
  const text = useSettings().config.copyright?.trim();
  return text ? <p className="copyright">{text}</p> : null;
}

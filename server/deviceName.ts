/** A device as a person recognises it, from its user agent: "Chrome · Windows 10", "Safari · iOS
 * 17.5"; null when the agent says nothing recognisable. Product names, not translated. */
import Bowser from 'bowser';

const MOST = 60;

export function deviceName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  const name = [browser.name, system].filter(Boolean).join(' · ');
  return name ? name.slice(0, MOST) : null;
}

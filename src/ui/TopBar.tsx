/** The top bar (docs/product.md §2): back to a given return path, or one step back, or `/` with no
 * history; on the date-selection page a logo and the language switch instead; the staff
 * console's home and login keep the back arrow and add the switch (§2.5). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useSettings } from './settings.tsx';

export interface TopBarProps {
  /** The route's own title (already translated); the system name when absent. */
  title?: string;
  /** Where back leads, when the screen knows better than the history. */
  backTo?: string;
  /** Logo and language switch instead of a back arrow (selectDate). */
  home?: boolean;
  /** The language switch beside the title, keeping the back arrow (the staff console). */
  languageSwitch?: boolean;
}

export function TopBar({ title, backTo, home, languageSwitch }: TopBarProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [, navigate] = useLocation();
  const shown = title ?? settings.systemName;

  // A museum that has not named itself yet keeps index.html's title: a page without one is
  // nameless to a screen reader (docs/product.md §2.9).
  useEffect(() => {
    if (shown) document.title = shown;
  }, [shown]);

  const back = () => {
    if (backTo) navigate(backTo);
    else if (window.history.length > 1) window.history.back();
    else navigate('/');
  };

  return (
    <header className="top-bar">
      {home ? (
        <img className="top-bar__logo" src="/logo.svg" alt={settings.systemName} width={32} height={32} />
      ) : (
        <button type="button" className="top-bar__back" onClick={back} aria-label={t('common.back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <h1 className="top-bar__title">{shown}</h1>
      <div className="top-bar__end">{home || languageSwitch ? <LanguageSwitch /> : null}</div>
    </header>
  );
}

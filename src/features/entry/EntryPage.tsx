import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { INDIVIDUAL_PATHS, TEAM_PATHS } from '../../domain/paths.ts';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';

/** `/`: individual visitor or team. */
export default function EntryPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  useChatAppPage({ share: { museum: settings.texts.museum_name ?? settings.systemName } });
  return (
    <Screen home title={settings.systemName}>
      <div className="entry-hero">
        <img src="/logo.svg" alt="" width={72} height={72} />
        <h2>{settings.systemName}</h2>
        <p className="muted">{t('entry.welcome')}</p>
      </div>
      <Link href={INDIVIDUAL_PATHS.area} className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
          </svg>
        </span>
        <span>
          <strong>{t('entry.individual')}</strong>
          <span className="muted">{t('entry.individualHint')}</span>
        </span>
      </Link>
      <Link href={TEAM_PATHS.area} className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <circle cx="8" cy="8" r="3.2" fill="currentColor" />
            <circle cx="16.5" cy="9" r="2.6" fill="currentColor" opacity="0.7" />
            <path d="M1.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" fill="currentColor" />
            <path d="M14 14.4c.8-.3 1.6-.4 2.5-.4 3.1 0 6 2 6 5.6h-6.8" fill="currentColor" opacity="0.7" />
          </svg>
        </span>
        <span>
          <strong>{t('entry.team')}</strong>
          <span className="muted">{t('entry.teamHint')}</span>
        </span>
      </Link>
    </Screen>
  );
}

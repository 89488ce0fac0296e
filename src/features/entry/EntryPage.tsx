import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';

/** `/`: individual visitor or team. */
export default function EntryPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Screen home title={settings.systemName}>
      <div className="entry-hero">
        <img src="/logo.svg" alt="" width={72} height={72} />
        <h2>{settings.systemName}</h2>
        <p className="muted">{t('entry.welcome')}</p>
      </div>
      <Link href="/individualCustomers" className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">👤</span>
        <span>
          <strong>{t('entry.individual')}</strong>
          <span className="muted">{t('entry.individualHint')}</span>
        </span>
      </Link>
      <Link href="/team" className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">👥</span>
        <span>
          <strong>{t('entry.team')}</strong>
          <span className="muted">{t('entry.teamHint')}</span>
        </span>
      </Link>
    </Screen>
  );
}

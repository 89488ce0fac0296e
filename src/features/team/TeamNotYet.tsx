import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Screen } from '../../ui/Screen.tsx';
import { TEAM_PATHS } from '../../domain/paths.ts';

/** Team screens not built yet (the message board): say so
 * plainly and offer the group booking instead of a dead end. */
export default function TeamNotYet() {
  const { t } = useTranslation();
  return (
    <Screen title={t('team.title')} backTo="/">
      <div className="empty-state">
        <p>{t('team.notYet')}</p>
        <Link href={TEAM_PATHS.selectDate} className="btn btn--primary">
          {t('team.book')}
        </Link>
      </div>
    </Screen>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Screen } from '../../ui/Screen.tsx';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';

/** The team area arrives with the group issues; until then say so plainly and offer the
 * individual booking instead of a dead end. */
export default function TeamNotYet() {
  const { t } = useTranslation();
  return (
    <Screen title={t('team.title')} backTo="/">
      <div className="empty-state">
        <p>{t('team.notYet')}</p>
        <Link href={INDIVIDUAL_PATHS.area} className="btn btn--primary">
          {t('entry.individual')}
        </Link>
      </div>
    </Screen>
  );
}

/** The group area's notices and questions, linked from its login and its centre. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TEAM_PATHS } from '../../domain/paths.ts';

export function TeamLinks() {
  const { t } = useTranslation();
  return (
    <nav className="team-links">
      <Link href={TEAM_PATHS.notice} className="btn">
        {t('teamArea.notices')}
      </Link>
      <Link href={TEAM_PATHS.commonProblem} className="btn">
        {t('teamArea.faq')}
      </Link>
    </nav>
  );
}

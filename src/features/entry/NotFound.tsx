import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Screen } from '../../ui/Screen.tsx';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Screen title={t('notFound.title')} backTo="/">
      <div className="empty-state">
        <p style={{ fontSize: 48 }}>404</p>
        <p>{t('notFound.message')}</p>
        <Link href="/" className="btn btn--primary">
          {t('notFound.home')}
        </Link>
      </div>
    </Screen>
  );
}

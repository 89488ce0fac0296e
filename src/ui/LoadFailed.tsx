/** A read that failed: what went wrong (when known) and a retry, in place of the content. */
import { useTranslation } from 'react-i18next';

export function LoadFailed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      {message ? <p>{message}</p> : null}
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

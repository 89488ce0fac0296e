import { useTranslation } from 'react-i18next';

/** Whether the museum has replied, as a tag. */
export function MessageState({ replied }: { replied: boolean }) {
  const { t } = useTranslation();
  return <span className={`tag ${replied ? 'tag--ok' : 'tag--warn'}`}>{replied ? t('message.replied') : t('message.waiting')}</span>;
}

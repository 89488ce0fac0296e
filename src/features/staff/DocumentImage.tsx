/** An image a team sent (fetched with the staff token, which an <img> cannot send). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentImageUrl } from '../../api/staffCalls.ts';

export function DocumentImage({ uploadId, label }: { uploadId: string; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    documentImageUrl(uploadId).then(
      (u) => setUrl((created = u)),
      () => setFailed(true),
    );
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [uploadId]);
  return (
    <figure className="staff-doc">
      {url ? <img src={url} alt={label} /> : <div className="staff-doc__empty">{failed ? t('staff.imageFailed') : t('common.loading')}</div>}
      <figcaption className="muted">{label}</figcaption>
    </figure>
  );
}

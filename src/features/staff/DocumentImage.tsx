/** An image a team sent (fetched with the staff token, which an <img> cannot send): a thumbnail
 * that opens the document full size (DocumentViewer). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentImageUrl } from '../../api/staffCalls.ts';
import { DocumentViewer } from './DocumentViewer.tsx';

export function DocumentImage({ uploadId, label }: { uploadId: string; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
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
      {url ? (
        <button type="button" className="staff-doc__open" aria-label={t('staff.openDocument', { label })} onClick={() => setOpen(true)}>
          <img src={url} alt="" />
        </button>
      ) : (
        <div className="staff-doc__empty">{failed ? t('staff.imageFailed') : t('common.loading')}</div>
      )}
      <figcaption className="muted">{label}</figcaption>
      {url && open ? <DocumentViewer url={url} label={label} onClose={() => setOpen(false)} /> : null}
    </figure>
  );
}

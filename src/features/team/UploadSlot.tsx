/** One document of the registration: its name, whether it is uploaded, and a button that
 * opens the phone's picker (images only). */
import { useTranslation } from 'react-i18next';

export interface UploadSlotProps {
  label: string;
  uploaded: boolean;
  uploading: boolean;
  disabled: boolean;
  error?: string;
  onFile: (file: File) => void;
}

export function UploadSlot({ label, uploaded, uploading, disabled, error, onFile }: UploadSlotProps) {
  const { t } = useTranslation();
  return (
    <div className="upload-slot">
      <div className="upload-slot__text">
        <span>{label}</span>
        {uploaded ? <span className="tag tag--ok">{t('teamArea.uploaded')}</span> : null}
        {error ? <span className="upload-slot__error">{error}</span> : null}
      </div>
      <label className={`btn btn--ghost upload-slot__button${disabled ? ' is-disabled' : ''}`}>
        {uploading ? t('teamArea.uploading') : uploaded ? t('teamArea.replace') : t('teamArea.choose')}
        <input
          type="file"
          accept="image/jpeg,image/png"
          disabled={disabled}
          aria-label={label}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
    </div>
  );
}

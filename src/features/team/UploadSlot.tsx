/** One document of the registration: its name, whether it is uploaded, and a button that
 * opens the phone's picker (images only). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface UploadSlotProps {
  /** The form's name for the document, so a refused form can take the eye to it. */
  name?: string;
  label: string;
  uploaded: boolean;
  uploading: boolean;
  disabled: boolean;
  error?: string;
  onFile: (file: File) => void;
}

export function UploadSlot({ name, label, uploaded, uploading, disabled, error, onFile }: UploadSlotProps) {
  const { t } = useTranslation();
  const errorId = `${useId()}error`;
  return (
    <div className="upload-slot">
      <div className="upload-slot__text">
        <span>{label}</span>
        {uploaded ? <span className="tag tag--ok">{t('teamArea.uploaded')}</span> : null}
        {error ? (
          <span className="upload-slot__error" id={errorId}>
            {error}
          </span>
        ) : null}
      </div>
      <label className={`btn btn--ghost upload-slot__button${disabled ? ' is-disabled' : ''}`}>
        {uploading ? t('teamArea.uploading') : uploaded ? t('teamArea.replace') : t('teamArea.choose')}
        <input
          type="file"
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
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

/** "Scan the ID card" (docs/product.md §7 /ingore/ocr/baidu), offered while the museum turns ocr_enable on:
 * a photo of the card goes up, the server reads it, and the number (and the name where the
 * reader gives one) fill the visitor's fields for her to check. One call and its answer: the
 * busy flag and the refusal are all the state there is. */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readCertificate } from '../api/faceCalls.ts';
import { uploadImage } from '../api/uploadCalls.ts';
import { ocrOffered, type CertificateRead } from '../domain/faces.ts';
import { checkUpload } from '../domain/uploads.ts';
import { tr } from '../i18n/index.ts';
import { Refusal } from '../ui/Refusal.tsx';
import { scaleForUpload } from '../ui/scaleImage.ts';
import { useSettings } from '../ui/settings.tsx';
import '../ui/face.css';

/** `teacherName`: a teacher's card must bear the name entered (the server refuses another). */
export function CertificateScan({ onRead, teacherName }: { onRead: (read: CertificateRead) => void; teacherName?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; refused: boolean } | null>(null);
  if (!ocrOffered(settings.config)) return null;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkUpload(file);
    if (refused) return setMessage({ text: tr(refused), refused: true });
    setBusy(true);
    setMessage(null);
    try {
      const { blob, name } = await scaleForUpload(file);
      onRead(await readCertificate(await uploadImage(blob, name), teacherName));
      setMessage({ text: t('ocr.read'), refused: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), refused: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="certificate-scan">
      <label className={`btn btn--ghost${busy ? ' btn--disabled' : ''}`}>
        {busy ? t('ocr.reading') : t('ocr.scan')}
        <input type="file" accept="image/*" capture="environment" hidden disabled={busy} onChange={(e) => void onPick(e)} data-testid="certificate-scan" />
      </label>
      {message && !message.refused ? <span className="hint">{message.text}</span> : null}
      {message?.refused ? <Refusal message={message.text} /> : null}
    </div>
  );
}

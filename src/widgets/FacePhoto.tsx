/** A visitor's optional face photo (docs/product.md §5, §7 face) for the add-visitor card and the frequent
 * visitor's form, shown only while the museum offers it (face_enable): take one with the camera
 * or pick one from the album, accept the portrait agreement, and the server checks and binds it
 * to the visitor's certificate. The flow is faceUpload.machine.ts; the picked File stays here
 * (a machine's context holds no files), and a bound portrait is never downloaded again. */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { faceUploadMachine, type FaceCertificate } from '../../machines/faceUpload.machine.ts';
import { bindFace, checkFace, deleteFace } from '../api/faceCalls.ts';
import { uploadImage } from '../api/uploadCalls.ts';
import { faceOffered } from '../domain/faces.ts';
import { tr } from '../i18n/index.ts';
import { Refusal } from '../ui/Refusal.tsx';
import { RichText } from '../ui/RichText.tsx';
import { scaleForUpload } from '../ui/scaleImage.ts';
import { useSettings } from '../ui/settings.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import '../ui/face.css';

export function FacePhoto({ faceUrl, certificate }: { faceUrl: string | null; certificate: FaceCertificate }) {
  const settings = useSettings();
  if (!faceOffered(settings.config)) return null;
  return <FacePhotoField faceUrl={faceUrl} certificate={certificate} agreement={settings.texts.portrait_agreement ?? ''} />;
}

function FacePhotoField({ faceUrl, certificate, agreement }: { faceUrl: string | null; certificate: FaceCertificate; agreement: string }) {
  const { t } = useTranslation();
  const picked = useRef<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [snapshot, send] = useMachine(
    faceUploadMachine.provide({
      actors: {
        upload: fromPromise(async () => {
          const { blob, name } = await scaleForUpload(picked.current!);
          return uploadImage(blob, name);
        }),
        check: fromPromise(({ input }) => checkFace(input)),
        bind: fromPromise(({ input }) => bindFace(input)),
        remove: fromPromise(({ input }) => deleteFace(input)),
      },
    }),
    { input: { faceUrl } },
  );
  const bound = snapshot.matches('bound') || snapshot.matches('deleting');
  const busy = (['uploading', 'checking', 'binding', 'deleting'] as const).some((state) => snapshot.matches(state));
  const { error } = snapshot.context;

  // The local picture is shown once it is bound; a new one replaces it, deletion clears it.
  useEffect(() => {
    if (!bound && preview) setPreview(null);
  }, [bound, preview]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (snapshot.matches('bound') && picked.current && !preview) setPreview(URL.createObjectURL(picked.current));
  }, [snapshot, preview]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    picked.current = file;
    if (preview) setPreview(null);
    send({ type: 'PICK', file: { name: file.name, type: file.type, size: file.size }, ...certificate });
  };

  return (
    <div className="face-photo">
      <div className="face-photo__head">
        <span>{t('face.title')}</span>
        <span className="hint">{t('face.optional')}</span>
      </div>
      <div className="face-photo__body">
        {bound ? (
          preview ? (
            <img className="face-photo__thumb" src={preview} alt={t('face.bound')} />
          ) : (
            <span className="face-photo__thumb face-photo__thumb--bound" aria-hidden="true">
              ✓
            </span>
          )
        ) : null}
        <div className="face-photo__actions">
          {bound ? <span className="tag tag--ok">{t('face.bound')}</span> : null}
          {busy ? <span className="muted">{t(snapshot.matches('deleting') ? 'face.deleting' : 'face.checking')}</span> : null}
          <span className="face-photo__buttons">
            <label className={`btn btn--ghost${busy ? ' btn--disabled' : ''}`}>
              {t('face.camera')}
              <input type="file" accept="image/*" capture="user" hidden disabled={busy} onChange={onPick} data-testid="face-camera" />
            </label>
            <label className={`btn${busy ? ' btn--disabled' : ''}`}>
              {t('face.album')}
              <input type="file" accept="image/jpeg,image/png" hidden disabled={busy} onChange={onPick} data-testid="face-album" />
            </label>
            {bound ? (
              <button type="button" className="link" disabled={busy} onClick={() => send({ type: 'DELETE' })}>
                {t('face.delete')}
              </button>
            ) : null}
          </span>
        </div>
      </div>
      <p className="hint">{t('face.rules')}</p>
      {error ? <Refusal message={tr(error)} /> : null}
      <Sheet
        open={snapshot.matches('agreement')}
        centered
        title={t('face.agreementTitle')}
        onClose={() => send({ type: 'DECLINE' })}
        footer={
          <div className="face-sheet-foot">
            <button type="button" className="btn" onClick={() => send({ type: 'DECLINE' })}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => send({ type: 'AGREE' })}>
              {t('face.agree')}
            </button>
          </div>
        }
      >
        <RichText html={agreement} />
      </Sheet>
    </div>
  );
}

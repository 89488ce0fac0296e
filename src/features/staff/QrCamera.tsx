/** The gate's camera: the back camera's picture, and every QR code read in it (jsQR, a
 * well-kept decoder, loaded with the gate only). Frames are read a few times a second; the
 * gate machine decides what a code read twice means. Without a camera (refused, none) it
 * says so, and the order number can still be typed. */
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const FRAME_MS = 200;

export function QrCamera({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const scan = useRef(onScan);
  scan.current = onScan;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return s.getTracks().forEach((track) => track.stop());
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          const v = video.current;
          if (!v || !context || v.videoWidth === 0) return;
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          context.drawImage(v, 0, 0);
          const code = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
          if (code?.data) scan.current(code.data);
        }, FRAME_MS);
      })
      .catch(() => setFailed(true));
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return failed ? (
    <p className="notice-bar" role="status">
      {t('gate.noCamera')}
    </p>
  ) : (
    <video ref={video} className="gate-camera" muted playsInline aria-label={t('gate.camera')} />
  );
}

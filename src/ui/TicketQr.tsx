import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The gate's QR code of one ticket, drawn on the phone (no image request). */
export function TicketQr({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    void QRCode.toString(value, { type: 'svg', margin: 1, width: 180, errorCorrectionLevel: 'M' }).then(setSvg);
  }, [value]);
  return <div className="ticket-qr" role="img" aria-label={label} data-qr={value} dangerouslySetInnerHTML={{ __html: svg }} />;
}

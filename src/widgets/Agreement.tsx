/** The purchase agreement's checkbox with the link that opens it (docs/product.md §2), and the security
 * slider's sheet: what every order screen puts before placeOrder. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCaptcha, getCaptcha } from '../api/calls.ts';
import { RichText } from '../ui/RichText.tsx';
import { useSettings } from '../ui/settings.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { SliderCaptcha } from '../ui/SliderCaptcha.tsx';

export function Agreement({ accepted, onToggle }: { accepted: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      <label className="agreement">
        <input type="checkbox" checked={accepted} onChange={onToggle} />
        <span>
          {t('review.agreePrefix')}
          <button type="button" className="link" onClick={(event) => (event.preventDefault(), setOpen(true))}>
            {t('review.agreement')}
          </button>
        </span>
      </label>
      <Sheet open={open} title={t('review.agreement')} onClose={() => setOpen(false)}>
        <RichText html={settings.texts.user_agreement ?? ''} />
      </Sheet>
    </>
  );
}

export function SliderSheet({ open, onPassed, onCancel }: { open: boolean; onPassed: (token: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} centered title={t('slider.title')} onClose={onCancel}>
      <SliderCaptcha getCaptcha={getCaptcha} checkCaptcha={checkCaptcha} onPassed={onPassed} />
    </Sheet>
  );
}

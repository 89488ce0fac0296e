/** The foot of a group draft step: the first broken rule of the step where the eye is, and Next. */
import { useTranslation } from 'react-i18next';
import type { Violation } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';

export function StepNext({ refusal, onNext }: { refusal?: Violation; onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {refusal ? <Refusal message={tr(refusal.message)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" onClick={onNext}>
          {t('common.next')}
        </button>
      </FooterBar>
    </>
  );
}

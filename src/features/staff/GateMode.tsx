/** The gate's mode: check tickets in, or record a paper ticket or wristband handed out
 * (docs/product.md §4.1), with what is handed out. Offline, collect mode says at once that
 * nothing can be recorded until the network is back. */
import { useTranslation } from 'react-i18next';
import type { GateMode as Mode } from '../../../machines/gate.machine.ts';
import type { CollectionForm } from '../../domain/collection.ts';

const MODES: Mode[] = ['checkIn', 'collect'];
const FORMS: CollectionForm[] = ['paper', 'wristband'];

interface Props {
  mode: Mode;
  form: CollectionForm;
  offline: boolean;
  onMode: (mode: Mode) => void;
  onForm: (form: CollectionForm) => void;
}

export function GateMode({ mode, form, offline, onMode, onForm }: Props) {
  const { t } = useTranslation();
  return (
    <section className="card stack gate-mode" data-testid="gate-mode">
      <Radios label={t('gate.modeLabel')} values={MODES} chosen={mode} name={(m) => t(`gate.modes.${m}`)} onPick={onMode} />
      {mode === 'collect' ? <Radios label={t('gate.formLabel')} values={FORMS} chosen={form} name={(f) => t(`gate.forms.${f}`)} onPick={onForm} /> : null}
      {mode === 'collect' && offline ? <p className="notice-bar notice-bar--danger">{t('gate.collectOffline')}</p> : null}
    </section>
  );
}

/** One choice among a few, as chips. */
function Radios<T extends string>({
  label,
  values,
  chosen,
  name,
  onPick,
}: {
  label: string;
  values: T[];
  chosen: T;
  name: (v: T) => string;
  onPick: (v: T) => void;
}) {
  return (
    <div className="chips" role="radiogroup" aria-label={label}>
      {values.map((v) => (
        <button key={v} type="button" role="radio" aria-checked={v === chosen} className={`chip${v === chosen ? ' chip--on' : ''}`} onClick={() => onPick(v)}>
          {name(v)}
        </button>
      ))}
    </div>
  );
}

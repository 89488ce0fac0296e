/** Applying a template in the staff console: the template, one day or a range of days with the
 * weekdays, and the release time (at once, or a museum date and time). The staffSessions machine
 * judges the request before the preview is asked for. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyRequest } from '../../domain/sessionTemplates.ts';
import { WEEKDAYS } from '../../domain/sessionTemplates.ts';
import type { TemplateHall } from '../../domain/types.ts';
import { ReleaseFields } from './ReleaseFields.tsx';

export function ApplyForm({ hall, today, onPreview }: { hall: TemplateHall; today: string; onPreview: (request: ApplyRequest) => void }) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState(hall.templates[0]?.templateId ?? 0);
  const [several, setSeveral] = useState(false);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [weekdays, setWeekdays] = useState<number[]>([...WEEKDAYS]);
  const [later, setLater] = useState(false);
  const [releaseDate, setReleaseDate] = useState(today);
  const [releaseTime, setReleaseTime] = useState('20:00');
  const toggle = (d: number) => setWeekdays((all) => (all.includes(d) ? all.filter((x) => x !== d) : [...all, d]));
  const preview = () =>
    onPreview({
      templateId,
      from,
      to: several ? to : from,
      weekdays: several ? weekdays : [...WEEKDAYS],
      releaseAt: later ? `${releaseDate} ${releaseTime}` : 'now',
    });

  if (hall.templates.length === 0) return null;
  return (
    <section className="card stack apply-form">
      <div className="card__title">{t('sessions.apply')}</div>
      <label className="field-label">
        {t('sessions.template')}
        <select className="input" value={templateId} onChange={(e) => setTemplateId(Number(e.target.value))}>
          {hall.templates.map((x) => (
            <option key={x.templateId} value={x.templateId}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <div className="chips" role="radiogroup">
        {[false, true].map((v) => (
          <button
            key={String(v)}
            type="button"
            role="radio"
            aria-checked={several === v}
            className={`chip apply-chip${several === v ? ' chip--on' : ''}`}
            onClick={() => setSeveral(v)}
          >
            {v ? t('sessions.range') : t('sessions.oneDay')}
          </button>
        ))}
      </div>
      <label className="field-label">
        {several ? t('sessions.from') : t('sessions.date')}
        <input className="input" type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      {several ? (
        <>
          <label className="field-label">
            {t('sessions.to')}
            <input className="input" type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <div className="field-label">{t('sessions.weekdays')}</div>
          <div className="chips">
            {WEEKDAYS.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={weekdays.includes(d)}
                className={`chip apply-chip${weekdays.includes(d) ? ' chip--on' : ''}`}
                onClick={() => toggle(d)}
              >
                {t(`sessions.wd${d}`)}
              </button>
            ))}
          </div>
        </>
      ) : null}
      <div className="chips" role="radiogroup">
        {[false, true].map((v) => (
          <button
            key={String(v)}
            type="button"
            role="radio"
            aria-checked={later === v}
            className={`chip apply-chip${later === v ? ' chip--on' : ''}`}
            onClick={() => setLater(v)}
          >
            {v ? t('sessions.releaseLater') : t('sessions.releaseNow')}
          </button>
        ))}
      </div>
      {later ? <ReleaseFields date={releaseDate} time={releaseTime} onDate={setReleaseDate} onTime={setReleaseTime} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={preview}>
        {t('sessions.preview')}
      </button>
    </section>
  );
}

/** One session template of a hall in the staff console: its name and its sessions (begin, end,
 * and a capacity, or a dome's film: its capacity is the seats), rows added and removed. The
 * staffSessions machine judges the draft before it is sent. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateDraft } from '../../domain/sessionTemplates.ts';
import type { SessionTemplate, TemplateHall } from '../../domain/types.ts';

interface Row {
  beginTime: string;
  endTime: string;
  capacity: string;
  filmId: number | null;
}

const rowOf = (s: SessionTemplate['sessions'][number]): Row => ({ beginTime: s.beginTime, endTime: s.endTime, capacity: String(s.capacity), filmId: s.filmId });

export function TemplateEditor({ hall, template, onSave }: { hall: TemplateHall; template: SessionTemplate | null; onSave: (draft: TemplateDraft) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(template?.name ?? '');
  const [rows, setRows] = useState<Row[]>(template ? template.sessions.map(rowOf) : [{ beginTime: '', endTime: '', capacity: '', filmId: null }]);
  const change = (i: number, part: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...part } : r)));
  const last = rows[rows.length - 1];
  const save = () =>
    onSave({
      templateId: template?.templateId ?? null,
      hallId: hall.hallId,
      name,
      sessions: rows.map((r) => ({
        beginTime: r.beginTime,
        endTime: r.endTime,
        capacity: hall.cinema ? 0 : Number(r.capacity || NaN),
        filmId: hall.cinema ? r.filmId : null,
      })),
    });

  return (
    <section className="card stack template" data-template={template?.name ?? 'new'}>
      <label className="field-label">
        {template ? t('sessions.name') : t('sessions.newTemplate')}
        <input className="input" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} placeholder={t('sessions.name')} />
      </label>
      {template?.rollForward ? <p className="muted">{t('sessions.rolling')}</p> : null}
      {hall.cinema ? <p className="muted">{t('sessions.seats', { n: hall.seats })}</p> : null}
      {rows.map((r, i) => (
        <div className="template-row" key={i} data-row={i + 1}>
          <label className="field-label">
            {t('sessions.begin')}
            <input className="input" type="time" value={r.beginTime} onChange={(e) => change(i, { beginTime: e.target.value })} />
          </label>
          <label className="field-label">
            {t('sessions.end')}
            <input className="input" type="time" value={r.endTime} onChange={(e) => change(i, { endTime: e.target.value })} />
          </label>
          {hall.cinema ? (
            <label className="field-label">
              {t('sessions.film')}
              <select className="input" value={r.filmId ?? ''} onChange={(e) => change(i, { filmId: e.target.value ? Number(e.target.value) : null })}>
                <option value="">{t('sessions.chooseFilm')}</option>
                {hall.films.map((f) => (
                  <option key={f.filmId} value={f.filmId}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="field-label">
              {t('sessions.capacity')}
              <input
                className="input"
                inputMode="numeric"
                value={r.capacity}
                maxLength={5}
                onChange={(e) => change(i, { capacity: e.target.value.replace(/\D/g, '') })}
              />
            </label>
          )}
          <button
            type="button"
            className="btn template-row__remove"
            aria-label={t('sessions.removeSession', { n: i + 1 })}
            onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--block"
        onClick={() => setRows((all) => [...all, { beginTime: last?.endTime ?? '', endTime: '', capacity: last?.capacity ?? '', filmId: null }])}
      >
        {t('sessions.addSession')}
      </button>
      <button type="button" className="btn btn--primary btn--block" onClick={save}>
        {t('sessions.save')}
      </button>
    </section>
  );
}

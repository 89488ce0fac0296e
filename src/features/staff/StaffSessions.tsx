/** staff/sessions: session templates ("Operations: Sessions"). Pick a hall, edit its
 * templates or write a new one, apply one to a day or a range of weekdays with a release time:
 * the preview of each day first, then the confirm, then the report (the staffSessions machine;
 * the server makes only the sessions that are not there). */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffSessionsMachine } from '../../../machines/staffSessions.machine.ts';
import { applySessionTemplate, getSessionTemplates, saveSessionTemplate } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { ApplyForm } from './ApplyForm.tsx';
import { ApplyReportCard } from './ApplyReportCard.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';
import { LoadFailed } from '../../ui/LoadFailed.tsx';

const machine = staffSessionsMachine.provide({
  actors: {
    loadTemplates: fromPromise(() => getSessionTemplates()),
    saveTemplate: fromPromise(({ input }) => saveSessionTemplate(input)),
    preview: fromPromise(({ input }) => applySessionTemplate(input, false)),
    apply: fromPromise(({ input }) => applySessionTemplate(input, true)),
  },
});

export default function StaffSessions() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { data, generation, hallId, report, saved, error } = snapshot.context;
  const hall = data?.halls.find((h) => h.hallId === hallId) ?? null;
  const busy = snapshot.matches('loading') || snapshot.matches('saving') || snapshot.matches('previewing') || snapshot.matches('applying');
  const showReport = snapshot.matches('preview') || snapshot.matches('applying') || snapshot.matches('report');
  useStaffToken();

  return (
    <Screen title={t('sessions.title')} backTo={STAFF_PATHS.area}>
      {error ? <Refusal message={tr(error)} /> : null}
      {showReport && report ? (
        <>
          <ApplyReportCard report={report} />
          {snapshot.matches('report') ? (
            <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'DONE' })}>
              {t('sessions.done')}
            </button>
          ) : (
            <div className="row staff-actions">
              <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
                {t('sessions.back')}
              </button>
              <button type="button" className="btn btn--primary" onClick={() => send({ type: 'CONFIRM' })}>
                {t('sessions.confirm')}
              </button>
            </div>
          )}
        </>
      ) : null}
      {data && hall && !showReport ? (
        <>
          <section className="card stack">
            <div className="card__title">{t('sessions.hall')}</div>
            <div className="chips staff-tabs" role="radiogroup">
              {data.halls.map((h) => (
                <button
                  key={h.hallId}
                  type="button"
                  role="radio"
                  aria-checked={h.hallId === hallId}
                  className={`chip${h.hallId === hallId ? ' chip--on' : ''}`}
                  onClick={() => send({ type: 'HALL.PICK', hallId: h.hallId })}
                >
                  {h.name}
                </button>
              ))}
            </div>
          </section>
          {saved && snapshot.matches('ready') ? (
            <p className="notice-bar" role="status">
              {t('sessions.saved', { name: saved })}
            </p>
          ) : null}
          <ApplyForm
            key={`${hall.hallId}-${generation}`}
            hall={hall}
            today={data.now.slice(0, 10)}
            onPreview={(request) => send({ type: 'PREVIEW', request })}
          />
          <h2 className="staff-heading">{t('sessions.templatesOf', { hall: hall.name })}</h2>
          {hall.templates.length === 0 ? <p className="muted">{t('sessions.noTemplates')}</p> : null}
          {hall.templates.map((template) => (
            <TemplateEditor key={`${template.templateId}-${generation}`} hall={hall} template={template} onSave={(draft) => send({ type: 'SAVE', draft })} />
          ))}
          <TemplateEditor key={`new-${hall.hallId}-${generation}`} hall={hall} template={null} onSave={(draft) => send({ type: 'SAVE', draft })} />
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={busy} />
    </Screen>
  );
}

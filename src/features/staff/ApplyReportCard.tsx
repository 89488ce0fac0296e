/** What applying a template would make (the preview) or made (the report), day by day: the
 * sessions new and skipped, a closed day, and when each day goes on sale. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { museumMinute } from '../../domain/museumTime.ts';
import type { ApplyReport } from '../../domain/types.ts';
import { keepDates } from '../../ui/keepDates.ts';

export function ApplyReportCard({ report }: { report: ApplyReport }) {
  const { t } = useTranslation();
  // The form was scrolled to its button: the preview and the report are read from the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [report]);
  const names = { hall: report.hallName, template: report.templateName };
  const totals = { created: report.created, skipped: report.skipped };
  return (
    <section className="card stack apply-report" data-testid={report.applied ? 'apply-report' : 'apply-preview'}>
      <div className="card__title">{report.applied ? t('sessions.reportTitle', names) : t('sessions.previewTitle', names)}</div>
      <p className="notice-bar" role="status">
        {report.applied ? t('sessions.totalsDone', totals) : t('sessions.totalsPreview', totals)}
      </p>
      <ul className="apply-days">
        {report.days.map((d) => (
          <li key={d.date} className="apply-day" data-date={d.date}>
            <strong>{keepDates(d.date)}</strong>
            {d.closed ? (
              <span className="muted">{t('sessions.dayClosed')}</span>
            ) : (
              <>
                {d.created.length ? <span>{t('sessions.dayCreated', { times: d.created.join(' ') })}</span> : null}
                {d.skipped.length ? <span className="muted">{t('sessions.daySkipped', { times: d.skipped.join(' ') })}</span> : null}
                <span className="muted">
                  {d.onSale
                    ? t('sessions.dayOnSale')
                    : d.releaseAt
                      ? t('sessions.dayRelease', { time: keepDates(museumMinute(new Date(d.releaseAt))) })
                      : t('sessions.dayNow')}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** select/selectDate (no login): the calendar of bookable days, the notice pop-up, tips.
 * The first screen: it reads the calendar itself and hands the chosen day to selectVenues
 * in the URL, so the purchase machine (and its rules) load only once a day is chosen. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CalendarDay } from '../../domain/types.ts';
import { getCalendar } from '../../api/calls.ts';
import { checkQueue } from '../../api/queueCalls.ts';
import { dayTap } from '../../domain/releaseQueue.ts';
import { getToken } from '../../api/session.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { keepDates } from '../../ui/keepDates.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { DayGrid, Legend } from '../../ui/DayGrid.tsx';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';
import { useLivePush } from '../../widgets/liveFollow.ts';

const CALENDAR = { kind: 'calendar' } as const;

const NOTICE_SEEN = 'noticeSeen';

// The configured texts come a moment after the calendar: their sanitizer (DOMPurify) is not
// part of the first screen's bytes.
const RichText = lazy(() => import('../../ui/RichText.tsx').then((m) => ({ default: m.RichText })));

export default function SelectDate() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [, navigate] = useLocation();
  const { data: calendar, loading, failed, reload } = useLoad(() => getCalendar(), []);
  // The days as they sell (docs/architecture.md §11), once the stream has pushed them.
  const live = useLivePush(CALENDAR, 'calendar');
  // In the chat app: the museum's card for whoever shares the calendar.
  useChatAppPage({ share: { museum: settings.texts.museum_name ?? settings.systemName } });
  const [noticeOpen, setNoticeOpen] = useState(() => Boolean(settings.texts.notice) && !sessionStorage.getItem(NOTICE_SEEN));

  const closeNotice = () => {
    sessionStorage.setItem(NOTICE_SEEN, '1');
    setNoticeOpen(false);
  };

  const loggedIn = Boolean(getToken('individual'));
  const pick = async (day: CalendarDay) => {
    const venues = pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date: day.date });
    const tap = dayTap(day, loggedIn);
    if (tap === 'book') return navigate(venues);
    // A day awaiting its release opens through its waiting room once that is open (docs/product.md §2.13).
    const queue = tap === 'queue' ? await checkQueue(day.date).catch(() => null) : null;
    if (queue && queue.state !== 'off') return navigate(venues);
    // A release time's date never wraps at its hyphens.
    toastInfo(keepDates(day.reason ?? t(`day.${day.state}`)));
  };

  // A museum going live starts empty: nothing to book yet, and nothing that looks broken.
  if (!settings.open) {
    return (
      <Screen home>
        <section className="card empty-state" role="status">
          <h2>{t('selectDate.notOpen')}</h2>
          <p>{t('selectDate.notOpenText')}</p>
        </section>
      </Screen>
    );
  }

  return (
    <Screen home>
      <section className="card">
        <div className="card__title">
          <span>{t('selectDate.title')}</span>
          <button type="button" className="link" onClick={() => setNoticeOpen(true)}>
            {t('selectDate.notice')}
          </button>
        </div>
        {failed ? (
          <div className="empty-state">
            <p>{t('errors.calendar')}</p>
            <button type="button" className="btn btn--primary" onClick={reload}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <DayGrid days={live?.days ?? calendar ?? []} onPick={(day) => void pick(day)} opens={(day) => dayTap(day, loggedIn) !== 'explain'} />
        )}
        <Legend />
        <Link href={INDIVIDUAL_PATHS.waitingList} className="btn btn--block spaced">
          {t('waitingList.entry')}
        </Link>
      </section>
      {settings.texts.ticketing_tips ? (
        <section className="card">
          <div className="card__title">{t('selectDate.tips')}</div>
          <Suspense fallback={null}>
            <RichText html={settings.texts.ticketing_tips} />
          </Suspense>
        </section>
      ) : null}
      {settings.texts.visit_time ? (
        <section className="card">
          <div className="card__title">{t('selectDate.visitTime')}</div>
          <Suspense fallback={null}>
            <RichText html={settings.texts.visit_time} />
          </Suspense>
        </section>
      ) : null}
      <nav className="quick-links">
        <button type="button" className="btn btn--ghost" onClick={() => navigate(INDIVIDUAL_PATHS.shoppingCart)}>
          {t('cart.title')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => navigate(INDIVIDUAL_PATHS.orderRecord)}>
          {t('orderRecord.title')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => navigate(INDIVIDUAL_PATHS.personHome)}>
          {t('selectDate.account')}
        </button>
      </nav>
      <LoadingOverlay show={loading} />
      <Sheet
        open={noticeOpen}
        title={t('selectDate.notice')}
        onClose={closeNotice}
        footer={
          <button type="button" className="btn btn--primary btn--block" onClick={closeNotice}>
            {t('selectDate.noticeOk')}
          </button>
        }
      >
        <Suspense fallback={null}>
          <RichText html={settings.texts.notice ?? ''} />
        </Suspense>
      </Sheet>
    </Screen>
  );
}

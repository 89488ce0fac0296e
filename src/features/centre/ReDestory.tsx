/** individualCustomers/personalCenter/reDestory: the account is cancelled (no login any more):
 * what was deleted or released, and what accounting keeps. The counts come in the query from
 * destory; a missing one counts as none. */
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { CancelConsequences } from '../../domain/account.ts';
import { SHARED_PATHS } from '../../domain/paths.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/centre.css';
import { ConsequenceList } from './ConsequenceList.tsx';

function countsOf(search: string): CancelConsequences {
  const q = new URLSearchParams(search);
  const n = (key: keyof CancelConsequences) => {
    const v = Number(q.get(key));
    return Number.isSafeInteger(v) && v > 0 ? v : 0;
  };
  return {
    upcomingTickets: 0,
    standingBy: 0,
    unpaidOrders: n('unpaidOrders'),
    cartHeld: n('cartHeld'),
    contacts: n('contacts'),
    messages: n('messages'),
    keptOrders: n('keptOrders'),
    blockedUntil: null,
  };
}

export default function ReDestory() {
  const { t } = useTranslation();
  const counts = countsOf(useSearch());
  return (
    <Screen title={t('centre.doneTitle')} backTo={SHARED_PATHS.entry}>
      <section className="card" role="status">
        <p className="card__title">{t('centre.doneIntro')}</p>
        <ConsequenceList c={counts} />
        <p className="hint">{t('centre.doneKept')}</p>
      </section>
      <FooterBar>
        <Link href={SHARED_PATHS.entry} className="btn btn--primary btn--block">
          {t('centre.doneHome')}
        </Link>
      </FooterBar>
    </Screen>
  );
}

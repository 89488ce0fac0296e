/** individualCustomers/personalCenter/personHome: the visitor's centre. Her orders and what
 * hangs off them (invoices, missed visits, the message board) one tap away, then her account
 * (details and e-mail, phone, frequent visitors, notices, cancellation), and the logout. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { getMe } from '../../api/accountCalls.ts';
import { logout } from '../../api/calls.ts';
import { clearToken } from '../../api/session.ts';
import { unbindWechat } from '../../api/wechatLoginCalls.ts';
import { confirm, toastFail, toastInfo } from '../../ui/feedback.ts';
import { INDIVIDUAL_PATHS, MESSAGE_PATHS } from '../../domain/paths.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { CentreLinks } from '../../ui/CentreLinks.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/centre.css';
import { Copyright } from '../../ui/Copyright.tsx';

const SHORTCUTS = [
  [INDIVIDUAL_PATHS.orderRecord, 'centre.orders'],
  [INDIVIDUAL_PATHS.invoiceIndex, 'centre.invoices'],
  [INDIVIDUAL_PATHS.blackOrderList, 'centre.missed'],
  [MESSAGE_PATHS.individual.list, 'centre.messages'],
] as const;

const ACCOUNT_LINKS = [
  [INDIVIDUAL_PATHS.baseInfo, 'centre.baseInfo'],
  [INDIVIDUAL_PATHS.changePhone, 'centre.changePhone'],
  [INDIVIDUAL_PATHS.topContacts, 'centre.topContacts'],
  [INDIVIDUAL_PATHS.coupon, 'centre.coupons'],
  [INDIVIDUAL_PATHS.notice, 'centre.notices'],
  [INDIVIDUAL_PATHS.destory, 'centre.destory'],
] as const;

export default function PersonHome() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: me, failed, loading, reload } = useLoad(getMe, []);

  // The chat app's identity: unbinding keeps the account, its phone and its orders.
  const unbind = async () => {
    const sure = await confirm({
      title: t('centre.wechatUnbindTitle'),
      message: t('centre.wechatUnbindMessage'),
      confirmButtonText: t('centre.wechatUnbind'),
      cancelButtonText: t('common.cancel'),
    });
    if (!sure) return;
    await unbindWechat().then(
      () => toastInfo(t('centre.wechatUnbound')),
      (error: Error) => toastFail(error.message),
    );
    reload();
  };

  const leave = async () => {
    await logout().catch(() => undefined);
    clearToken('individual');
    navigate(INDIVIDUAL_PATHS.selectDate, { replace: true });
  };

  return (
    <Screen title={t('centre.title')} backTo={INDIVIDUAL_PATHS.selectDate}>
      {me ? (
        <section className="card">
          <div className="card__title">{t('centre.greeting', { phone: me.phone })}</div>
          <nav className="centre-shortcuts" aria-label={t('centre.orders')}>
            {SHORTCUTS.map(([path, label]) => (
              <Link key={path} href={path} className="btn btn--ghost">
                {t(label)}
              </Link>
            ))}
          </nav>
        </section>
      ) : null}
      {me?.wechatNickname != null ? (
        <section className="card centre-wechat">
          <span className="centre-wechat__label">{t('centre.wechat')}</span>
          <span className="centre-wechat__name">{me.wechatNickname}</span>
          <button type="button" className="link" onClick={unbind}>
            {t('centre.wechatUnbind')}
          </button>
        </section>
      ) : null}
      {me ? <CentreLinks label={t('centre.title')} links={ACCOUNT_LINKS} /> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <Copyright />
      <FooterBar>
        <button type="button" className="btn btn--block" onClick={leave}>
          {t('centre.logout')}
        </button>
      </FooterBar>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}

/** individualCustomers/wxLogin (docs/product.md §2): log in by scanning a QR code with the chat app, from
 * a desktop or another browser. The screen asks every 2 s until the phone confirms; an expired
 * or cancelled QR code is refreshed with a tap. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { wxScanLoginMachine } from '../../../machines/wxScanLogin.machine.ts';
import { setMustBind, setToken } from '../../api/session.ts';
import { createScanTicket, wxLogin } from '../../api/wechatLoginCalls.ts';
import { safeRedirect } from '../../domain/areas.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { TicketQr } from '../../ui/TicketQr.tsx';
import '../../ui/wxLogin.css';

const machine = wxScanLoginMachine.provide({
  actors: {
    createTicket: fromPromise(() => createScanTicket()),
    poll: fromPromise(async ({ input }) => {
      const answer = await wxLogin(input.ticket);
      if (answer.token) {
        setToken('individual', answer.token);
        setMustBind(answer.bindStatus !== 1);
      }
      return { status: answer.status };
    }),
  },
});

export default function WxLogin() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const redirect = safeRedirect(new URLSearchParams(useSearch()).get('redirect'), 'individual');
  const [snapshot, send] = useMachine(machine);
  const { scanId, error } = snapshot.context;
  const stale = snapshot.matches('expired') || snapshot.matches('refused') || snapshot.matches('failed');

  useEffect(() => {
    if (snapshot.status === 'done') navigate(redirect, { replace: true });
  }, [snapshot.status, redirect, navigate]);

  const url = scanId ? `${window.location.origin}${pathTo(INDIVIDUAL_PATHS.wxLoginConfirm, {}, { scan: scanId })}` : '';
  return (
    <Screen title={t('wx.scanTitle')} backTo={pathTo(INDIVIDUAL_PATHS.login, {}, { redirect })}>
      <p className="muted wx-center">{t('wx.scanHint')}</p>
      <div className={`wx-qr${stale ? ' wx-qr--stale' : ''}`}>
        {url ? <TicketQr value={url} label={t('wx.qrAlt')} /> : null}
        {stale ? (
          <button type="button" className="wx-qr__overlay" onClick={() => send({ type: 'REFRESH' })}>
            {t(snapshot.matches('refused') ? 'wx.refused' : snapshot.matches('failed') ? 'wx.refresh' : 'wx.expired')}
          </button>
        ) : null}
      </div>
      {error ? <Refusal message={tr(error)} /> : null}
      {snapshot.status === 'done' ? <p className="wx-center">{t('wx.loggedIn')}</p> : null}
      <p className="row wx-center">
        <Link href={pathTo(INDIVIDUAL_PATHS.login, {}, { redirect })} className="link">
          {t('wx.phoneLogin')}
        </Link>
      </p>
    </Screen>
  );
}

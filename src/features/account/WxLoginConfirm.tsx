/** individualCustomers/wxLoginConfirm?scan= : the chat app's side of a scan login. The visitor
 * got here logged in (the chat app's OAuth and a bound phone first, as for any screen that
 * needs a login) and answers "Log in on the other screen?" once. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { wxScanConfirmMachine } from '../../../machines/wxScanConfirm.machine.ts';
import { decideScan } from '../../api/wechatLoginCalls.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/wxLogin.css';

export default function WxLoginConfirm() {
  const { t } = useTranslation();
  const scanId = new URLSearchParams(useSearch()).get('scan') ?? '';
  const [snapshot, send] = useMachine(wxScanConfirmMachine.provide({ actors: { decide: fromPromise(({ input }) => decideScan(scanId, input.approve)) } }));
  const busy = snapshot.matches('approving') || snapshot.matches('cancelling');
  const done = snapshot.status === 'done';

  return (
    <Screen title={t('wx.confirmTitle')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <div className="login-hero">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="wx-confirm__question">{done ? t(snapshot.matches('approved') ? 'wx.approved' : 'wx.cancelled') : t('wx.confirmQuestion')}</p>
        {done ? null : <p className="muted">{t('wx.confirmHint')}</p>}
      </div>
      {snapshot.context.error ? <Refusal message={tr(snapshot.context.error)} /> : null}
      {done ? (
        <p className="row wx-center">
          <Link href={INDIVIDUAL_PATHS.selectDate} className="btn btn--ghost">
            {t('wx.toStart')}
          </Link>
        </p>
      ) : (
        <FooterBar>
          <div className="wx-confirm">
            <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => send({ type: 'CONFIRM' })}>
              {t('wx.confirm')}
            </button>
            <button type="button" className="btn btn--block" disabled={busy} onClick={() => send({ type: 'CANCEL' })}>
              {t('wx.cancel')}
            </button>
          </div>
        </FooterBar>
      )}
    </Screen>
  );
}

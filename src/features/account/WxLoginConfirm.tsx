/** individualCustomers/wxLoginConfirm?scan= : the chat app's side of a scan login (docs/product.md
 * §2.3). The visitor got here logged in (the chat app's OAuth and a bound phone first, as for any
 * screen that needs a login), is told which device asks and when, and answers "Log in on the
 * other screen?" once; a code no longer waiting offers nothing to answer. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { wxScanConfirmMachine } from '../../../machines/wxScanConfirm.machine.ts';
import { decideScan, scanAsking } from '../../api/wechatLoginCalls.ts';
import { museumMinute } from '../../domain/museumTime.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/wxLogin.css';

export default function WxLoginConfirm() {
  const { t } = useTranslation();
  const scanId = new URLSearchParams(useSearch()).get('scan') ?? '';
  const [snapshot, send] = useMachine(
    wxScanConfirmMachine.provide({
      actors: {
        lookup: fromPromise(() => scanAsking(scanId)),
        decide: fromPromise(({ input }) => decideScan(scanId, input.approve)),
      },
    }),
  );
  const { asking, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const done = snapshot.status === 'done';
  // The headline: how it ended, or the question while it is open.
  const ending = (['approved', 'cancelled', 'closed'] as const).find((state) => snapshot.matches(state));
  const question = t(ending ? `wx.${ending}` : 'wx.confirmQuestion');
  const time = asking ? museumMinute(new Date(asking.askedAt)).slice(11) : '';

  return (
    <Screen title={t('wx.confirmTitle')} backTo={INDIVIDUAL_PATHS.selectDate}>
      <div className="login-hero">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="wx-confirm__question">{question}</p>
        {asking && !done ? (
          <p className="wx-confirm__device" data-testid="scan-device">
            {asking.device ? t('wx.askedFrom', { device: asking.device, time }) : t('wx.askedFromUnknown', { time })}
          </p>
        ) : null}
        {snapshot.matches('asking') ? <p className="muted">{t('wx.confirmHint')}</p> : null}
      </div>
      {error ? <Refusal message={tr(error)} /> : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      {done ? (
        <p className="row wx-center">
          <Link href={INDIVIDUAL_PATHS.selectDate} className="btn btn--ghost">
            {t('wx.toStart')}
          </Link>
        </p>
      ) : null}
      {snapshot.matches('asking') || snapshot.matches('approving') || snapshot.matches('cancelling') ? (
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
      ) : null}
      <LoadingOverlay show={busy} />
    </Screen>
  );
}

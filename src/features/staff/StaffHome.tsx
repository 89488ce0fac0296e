/** staff: the console's home: who is logged in, the screens this role may use
 * (src/domain/staffRoles.ts STAFF_SCREENS) and logging out. Every console screen goes back here. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { clearToken } from '../../api/session.ts';
import { getStaffMe } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { staffScreensOf, type StaffScreen } from '../../domain/staffRoles.ts';
import { CentreLinks } from '../../ui/CentreLinks.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const LABELS: Record<StaffScreen, string> = {
  teams: 'staff.title',
  messages: 'staffMessages.link',
  windowPayment: 'staff.window',
  invoices: 'staffInvoices.title',
  refunds: 'refundDesk.title',
  gate: 'gate.title',
  day: 'day.title',
  sessions: 'sessions.title',
  settings: 'settings.title',
  halls: 'catalogue.title',
  packages: 'staffPackages.title',
  coupons: 'couponBatches.title',
  content: 'content.title',
};

export default function StaffHome() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<unknown>(null);
  const present = useStaffToken(failure);
  const {
    data: me,
    loading,
    failed,
    reload,
  } = useLoad(() => (present ? getStaffMe().catch((error: unknown) => (setFailure(error), Promise.reject(error))) : Promise.resolve(null)), [present]);

  return (
    <Screen title={t('staff.console')} backTo={STAFF_PATHS.area} languageSwitch>
      {me ? (
        <>
          <p className="muted staff-me">
            {me.username} · {t(`staff.roles.${me.role}`)}
          </p>
          <CentreLinks label={t('staff.console')} links={staffScreensOf(me.role).map((screen) => [STAFF_PATHS[screen], LABELS[screen]] as const)} />
        </>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <button
        type="button"
        className="btn btn--block staff-logout"
        onClick={() => {
          clearToken('staff');
          navigate(STAFF_PATHS.login, { replace: true });
        }}
      >
        {t('staff.logout')}
      </button>
      <LoadingOverlay show={loading && present} />
    </Screen>
  );
}

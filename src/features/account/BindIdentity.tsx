/** On the bind screen: whose chat-app account the phone is about to be joined to, and a way out
 * when it is not hers. A link from someone else's login would otherwise have her bind her phone
 * (and her orders) to a stranger's chat-app account (docs/product.md, the chat app's login). */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { getMe } from '../../api/accountCalls.ts';
import { logout } from '../../api/calls.ts';
import { clearToken } from '../../api/session.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { useLoad } from '../../ui/useLoad.ts';

export function BindIdentity() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: me } = useLoad(getMe, []);
  if (!me) return null;

  const notMine = async () => {
    await logout().catch(() => undefined);
    clearToken('individual');
    navigate(INDIVIDUAL_PATHS.selectDate, { replace: true });
  };

  return (
    <section className="card bind-identity" aria-live="polite">
      <p>
        {t('login.bindIdentity')} <strong className="bind-identity__name">{me.wechatNickname || me.userName}</strong>
      </p>
      <button type="button" className="btn btn--block" onClick={() => void notMine()}>
        {t('login.bindNotMine')}
      </button>
    </section>
  );
}

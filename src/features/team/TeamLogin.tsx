/** team/login: the credit code and password, the slider check when the server asks for it,
 * then back to where the team was going. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { teamLoginMachine } from '../../../machines/teamLogin.machine.ts';
import { checkCaptcha, getCaptcha } from '../../api/calls.ts';
import { setToken } from '../../api/session.ts';
import { teamLogin } from '../../api/teamCalls.ts';
import { safeRedirect } from '../../domain/areas.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { SliderCaptcha } from '../../ui/SliderCaptcha.tsx';
import '../../ui/vant.ts';
import './team.css';
import { TeamLinks } from './TeamLinks.tsx';
import { rememberDraftTeam } from './draftOwner.ts';

const machine = teamLoginMachine.provide({
  actors: {
    login: fromPromise(async ({ input }) => {
      const answer = await teamLogin(input.creditCode, input.password, input.captchaToken);
      if (answer.token) {
        setToken('team', answer.token);
        rememberDraftTeam(input.creditCode);
      }
      return { refused: answer.refused };
    }),
  },
});

export default function TeamLogin() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [snapshot, send] = useMachine(machine);
  const { creditCode, password, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.status === 'done') navigate(safeRedirect(new URLSearchParams(search).get('redirect'), 'team'), { replace: true });
  }, [snapshot.status, search, navigate]);

  return (
    <Screen title={t('teamArea.loginTitle')} backTo="/">
      <div className="login-hero">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="muted">{t('teamArea.loginHint')}</p>
      </div>
      <section className="card">
        <Field
          label={t('teamArea.creditCode')}
          placeholder={t('teamArea.creditPlaceholder')}
          value={creditCode}
          maxLength={18}
          onChange={(value) => send({ type: 'CREDIT.CHANGE', value })}
        />
        <Field
          type="password"
          label={t('teamArea.password')}
          placeholder={t('teamArea.passwordPlaceholder')}
          value={password}
          maxLength={16}
          onChange={(value) => send({ type: 'PASSWORD.CHANGE', value })}
        />
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <p className="row team-forget">
        <Link href={TEAM_PATHS.forgetPassword} className="link">
          {t('teamArea.forgetPassword')}
        </Link>
      </p>
      <p className="row team-register-link">
        <span className="muted">{t('teamArea.noAccount')}</span>
        <Link href={TEAM_PATHS.register} className="btn btn--ghost">
          {t('teamArea.register')}
        </Link>
      </p>
      <TeamLinks />
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
          {t('teamArea.submit')}
        </button>
      </FooterBar>
      <Sheet open={snapshot.matches('sliding')} centered title={t('teamArea.sliderTitle')} onClose={() => send({ type: 'SLIDER.CANCEL' })}>
        <SliderCaptcha getCaptcha={getCaptcha} checkCaptcha={checkCaptcha} onPassed={(token) => send({ type: 'SLIDER.PASSED', token })} />
      </Sheet>
    </Screen>
  );
}

/** The verification-code field of a visitor's or a team's form, the login's too, with its send
 * button and 60 s countdown (the codeSender machine): the code goes to `phone`. A refusal to
 * send shows under the field. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { codeSenderMachine } from '../../machines/codeSender.machine.ts';
import { sendCode } from '../api/calls.ts';
import { CODE_MAX_LENGTH } from '../domain/limits.ts';
import { tr } from '../i18n/index.ts';
import { Field } from '../ui/Field.ts';
import '../ui/vant.ts';

const sender = codeSenderMachine.provide({ actors: { sendCode: fromPromise(({ input }) => sendCode(input.phone)) } });

export interface CodeFieldProps {
  /** The form's name for the field, so a refused form can take the eye to it. */
  name?: string;
  phone: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's own message for the code, shown before a refusal to send. */
  errorMessage?: string;
  /** The field's own words where the form has them (the login's shorter label and its hint). */
  label?: string;
  placeholder?: string;
  /** Told once each time a code has gone out (the login says so in a toast). */
  onSent?: () => void;
}

export function CodeField({ name, phone, value, onChange, errorMessage, label, placeholder, onSent }: CodeFieldProps) {
  const { t } = useTranslation();
  const [code, sendToSender] = useMachine(sender, { input: {} });
  const justSent = code.matches('counting') && code.context.countdown === code.context.countdownFrom;
  useEffect(() => {
    if (justSent) onSent?.();
  }, [justSent, onSent]);
  return (
    <Field
      name={name}
      type="digit"
      label={label ?? t('login.codeLabel')}
      placeholder={placeholder}
      value={value}
      maxLength={CODE_MAX_LENGTH}
      errorMessage={errorMessage ?? (code.context.error ? tr(code.context.error) : undefined)}
      onChange={onChange}
      button={
        <button type="button" className="code-btn" disabled={!code.matches('ready')} onClick={() => sendToSender({ type: 'SEND', phone })}>
          {code.matches('counting') ? t('login.resendIn', { n: code.context.countdown }) : t('login.sendCode')}
        </button>
      }
    />
  );
}

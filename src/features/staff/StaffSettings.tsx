/** staff/settings: what an admin edits: the config keys staff own, each with its
 * range checked before it is sent, and the configured texts in Chinese and English (HTML,
 * sanitized by the server; the preview shows what visitors will see). */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffSettingsMachine } from '../../../machines/staffSettings.machine.ts';
import { getStaffSettings, saveStaffSetting } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { StaffSettings as Settings } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = staffSettingsMachine.provide({
  actors: {
    loadSettings: fromPromise(() => getStaffSettings()),
    save: fromPromise(({ input }) => saveStaffSetting(input)),
  },
});

function ConfigRow({ item, onSave }: { item: Settings['config'][number]; onSave: (value: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(item.value);
  return (
    <div className="settings-row" data-config={item.key}>
      <Field label={item.label} value={value} maxLength={6} onChange={setValue} />
      <button type="button" className="btn" onClick={() => onSave(value)}>
        {t('settings.save')}
      </button>
    </div>
  );
}

function TextEditor({ item, onSave }: { item: Settings['texts'][number]; onSave: (zh: string, en: string) => void }) {
  const { t } = useTranslation();
  const [zh, setZh] = useState(item.zh);
  const [en, setEn] = useState(item.en);
  return (
    <details className="card settings-text" data-text={item.name}>
      <summary>{item.name}</summary>
      <label className="field-label">
        {t('settings.zh')}
        <textarea value={zh} rows={4} onChange={(e) => setZh(e.target.value)} />
      </label>
      <label className="field-label">
        {t('settings.en')}
        <textarea value={en} rows={4} onChange={(e) => setEn(e.target.value)} />
      </label>
      <button type="button" className="btn btn--block" onClick={() => onSave(zh, en)}>
        {t('settings.save')}
      </button>
      <div className="settings-preview">
        <RichText html={item.zh} />
        <RichText html={item.en} />
      </div>
    </details>
  );
}

export default function StaffSettings() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { settings, generation, saved, error } = snapshot.context;
  useStaffToken();

  return (
    <Screen title={t('settings.title')} backTo={STAFF_PATHS.area}>
      {error ? <Refusal message={tr(error)} /> : null}
      {saved && snapshot.matches('ready') ? (
        <p className="notice-bar" role="status">
          {t('settings.saved', { name: saved })}
        </p>
      ) : null}
      {settings ? (
        <section className="card stack">
          <div className="card__title">{t('settings.config')}</div>
          {settings.config.map((item) => (
            <ConfigRow
              key={`${item.key}-${generation}`}
              item={item}
              onSave={(value) => send({ type: 'SAVE', change: { kind: 'config', key: item.key, value } })}
            />
          ))}
        </section>
      ) : null}
      {settings?.texts.map((item) => (
        <TextEditor
          key={`${item.name}-${generation}`}
          item={item}
          onSave={(zh, en) => send({ type: 'SAVE', change: { kind: 'text', name: item.name, zh, en } })}
        />
      ))}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('saving')} />
    </Screen>
  );
}

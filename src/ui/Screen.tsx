/** The frame of every screen: top bar, content, and the loading overlay. */
import type { ReactNode } from 'react';
import { TopBar, type TopBarProps } from './TopBar.tsx';

export function Screen({ children, ...bar }: TopBarProps & { children: ReactNode }) {
  return (
    <div className="screen">
      <TopBar {...bar} />
      <main className="screen__body">{children}</main>
    </div>
  );
}

export function LoadingOverlay({ show, label }: { show: boolean; label?: string }) {
  if (!show) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__spinner" />
      {label ? <span className="loading-overlay__label">{label}</span> : null}
    </div>
  );
}

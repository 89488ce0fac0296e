import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';

/** A screen chunk that failed to load (timeout, network) offers a reload instead of a blank page. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="empty-state">
        <p>{i18n.t('errors.chunk')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {i18n.t('common.retry')}
        </button>
      </div>
    );
  }
}

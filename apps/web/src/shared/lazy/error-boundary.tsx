import { Component, type ReactNode } from 'react';
import { logError } from '../api/log.ts';

interface State {
  failed: boolean;
}

/** A step that fails to load or render says so, instead of leaving a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    logError('a step failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert--danger step-error" role="alert">
        <div>
          <p>
            <strong>Something went wrong</strong>
          </p>
          <p>This part of the page did not load. Please reload the page to try again.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => location.reload()}
          >
            Reload
          </button>
        </div>
      </div>
    );
  }
}

// Catches a render error anywhere below it, so the host page never sees it: the reason goes to
// the console and the visitor gets the error state (from `fallback`) with a way to try again.
import { Component, type ReactNode } from "react";

export interface ErrorBoundaryProps {
  /** Where the failure happened, for the console. */
  area: string;
  /** The error state; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode;
  /** Also runs on 'Try again' (e.g. reload what the children need). */
  onRetry?: () => void;
  children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[quote-assistant] the ${this.props.area} failed to render`, error);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

import type { CSSProperties } from 'react';

/** A grey shimmering block where content is loading; hidden from assistive technology. */
export function Skeleton({
  width,
  height,
  style,
}: {
  width?: string;
  height: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width: width ?? '100%', height, ...style }}
    />
  );
}

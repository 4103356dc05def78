/** The page's token: the last segment of /order/<token>. */
export function tokenFromPath(pathname: string): string {
  const segment = /^\/order\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

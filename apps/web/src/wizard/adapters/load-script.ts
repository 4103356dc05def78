/**
 * A third-party script added to the page once, by this bundle (our CSP has no 'unsafe-inline' for
 * scripts, so vendors' inline loader snippets are not used), answering the global it defines. A
 * failed load is forgotten, so a later call may try again.
 */
export function scriptLoader<T>(
  src: string,
  defined: () => T | undefined,
  name: string,
): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    const ready = defined();
    if (ready) return Promise.resolve(ready);
    loading ??= new Promise<T>((resolve, reject) => {
      const element = document.createElement('script');
      element.src = src;
      element.async = true;
      element.onload = () => {
        const value = defined();
        if (value) resolve(value);
        else reject(new Error(`${name} loaded without defining what it should`));
      };
      element.onerror = () => {
        element.remove();
        reject(new Error(`${name} did not load`));
      };
      document.head.append(element);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

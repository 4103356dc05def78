import { useEffect, useRef } from 'react';
import { useConfig } from '../../shared/config/config-context.tsx';
import { applyLinkParams } from '../offers/link-params.ts';
import { useDispatch, useWizard } from '../store/store-context.tsx';

/** Applies a link's query parameters once, when the wizard starts. */
export function LinkParams() {
  const dispatch = useDispatch();
  const config = useConfig();
  const { campaign } = useWizard();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    void applyLinkParams(window.location.href, { dispatch, config, campaign });
  }, [dispatch, config, campaign]);
  return null;
}

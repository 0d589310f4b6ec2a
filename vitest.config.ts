// `vitest run` (npm run test:unit): vite.config.ts's test settings, with the order files start in
// (tests/support/slow-first-sequencer.ts), kept out of vite.config.ts so that `vite build` does not load vitest.
import { mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer';

export default mergeConfig(viteConfig, { test: { sequence: { sequencer: SlowFirstSequencer } } });
